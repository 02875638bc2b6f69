package kb.query.status;

import com.fasterxml.jackson.annotation.JsonInclude;

/**
 * The details {@code /health} and {@code /health/ready} give: why an answer may be partial.
 *
 * @param l1Problem why Elasticsearch does not answer; left out while it does
 */
public record HealthDetails(
        String l0, String l1, @JsonInclude(JsonInclude.Include.NON_NULL) String l1Problem, String indexing) {

    /**
     * From state only, so health answers at once even when Elasticsearch hangs.
     *
     * @param indexing the indexing progress, null while unknown
     */
    public static HealthDetails of(boolean l0Ready, ElasticsearchProbe l1, IndexingProgress.Block indexing) {
        boolean up = l1.isUp();
        // Still 200 while indexing: partial answers are useful; the detail says an absence may be temporary.
        return new HealthDetails(
                l0Ready ? "ready" : "loading",
                up ? "up" : "unavailable",
                up ? null : l1.problem(),
                indexing == null ? "unknown" : indexing.running() ? "indexing" : "done");
    }
}

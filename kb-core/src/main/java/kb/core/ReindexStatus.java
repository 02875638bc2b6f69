package kb.core;

/**
 * Progress of a reindex (on demand, or a migration found at start).
 *
 * @param documentsDone  documents written into the new version so far
 * @param documentsTotal documents in the serving version when the reindex started
 * @param version        the index version being built
 */
public record ReindexStatus(String id, State state, long documentsDone, long documentsTotal, int version) {

    public enum State {
        RUNNING,
        DONE
    }
}

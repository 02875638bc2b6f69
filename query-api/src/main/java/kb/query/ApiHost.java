package kb.query;

import java.util.List;
import java.util.Set;
import java.util.function.BooleanSupplier;
import kb.core.IndexUpkeep;
import kb.core.ReindexControl;
import kb.core.runtime.DiskSpace;

/**
 * What the process hosting the API gives it besides its configuration and clients.
 *
 * @param extensions    formats the producer ingests, so uploads of anything else are refused
 * @param pipelineReady besides L0, what must be true before /health says UP (the embedded pipeline's start)
 * @param reindex       the sink's reindex control when the sink runs in this process, else null
 * @param disk          the data folder's free space: while it is full, {@code /health} answers 503 with the
 *                      reason and the query log is not written (queries are still answered)
 * @param upkeep        the sink's upkeep of the chunk index when the sink runs in this process, else
 *                      {@link IndexUpkeep#ELSEWHERE}
 */
public record ApiHost(
        Set<String> extensions,
        BooleanSupplier pipelineReady,
        ReindexControl reindex,
        DiskSpace disk,
        IndexUpkeep upkeep) {

    /** Beside a sink in another process. */
    public ApiHost(Set<String> extensions, BooleanSupplier pipelineReady, ReindexControl reindex, DiskSpace disk) {
        this(extensions, pipelineReady, reindex, disk, IndexUpkeep.ELSEWHERE);
    }

    /** The API on its own: no sink in this process, no data folder of its own to watch. */
    public static ApiHost standalone(Set<String> extensions, BooleanSupplier pipelineReady) {
        // Its own instance, not the shared UNWATCHED: the problems it is told (Elasticsearch's limits) are this API's.
        return new ApiHost(extensions, pipelineReady, null, new DiskSpace(List.of(), 0));
    }
}

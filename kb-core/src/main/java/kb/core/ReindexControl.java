package kb.core;

import java.util.Optional;

/** Starts and reports reindexes; the sink implements it, the API's reindex endpoint calls it. */
public interface ReindexControl {

    /** Starts building a new index version (or returns the one being built). */
    ReindexStatus requestReindex();

    Optional<ReindexStatus> reindexStatus(String id);
}

package kb.ingest.publish;

/**
 * Where a change came from, which decides how fast it must be indexed. Every event goes to {@code kb.file-events};
 * a live one is copied to {@code kb.file-events-live} as well, so it overtakes the backlog a scan left there
 * (docs/decisions/live-edit-lane.md).
 */
public enum Lane {
    /** Found by a scan (the first index, a restart, a rescan after lost watch events): queued in turn. */
    SCAN,
    /** Seen by the watcher: a person saved, uploaded or deleted a file and waits for it. */
    LIVE,
    /**
     * One of the few newest changes a rescan found after the watcher lost events (the producer's rescan order): most likely
     * a person's save made during or just after the burst that overflowed the watcher, whose own changes had spent
     * the live lane's budget by then. Copied to the live lane whatever the budget: a few records.
     */
    NEWEST
}

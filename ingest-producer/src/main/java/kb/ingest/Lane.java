package kb.ingest;

/**
 * Where a change came from, which decides how fast it must be indexed. Every event goes to {@code kb.file-events};
 * a live one is copied to {@code kb.file-events-live} as well, so it overtakes the backlog a scan left there
 * (docs/decisions/live-edit-lane.md).
 */
enum Lane {
    /** Found by a scan (the first index, a restart, a rescan after lost watch events): queued in turn. */
    SCAN,
    /** Seen by the watcher: a person saved, uploaded or deleted a file and waits for it. */
    LIVE
}

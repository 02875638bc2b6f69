package kb.sink.write;

/**
 * When a write's documents become searchable. A refresh makes a segment of what was written since the last one, so
 * it is asked for only where a person is waiting.
 */
public enum Visibility {
    /** A backlog: at the index's next scheduled refresh, within a second; the write does not wait for it. */
    SCHEDULED,
    /**
     * A few edits read from kb.chunks (the served version's follower during a reindex, which has no live lane): the
     * write waits for the next scheduled refresh, so "written" means searchable.
     */
    WAIT_FOR_REFRESH,
    /**
     * A person's edit from the live lane: the write refreshes at once, instead of waiting up to a second for the
     * scheduled refresh (traced at 0.7-1 s of a 4 s save during a first index, docs/decisions/live-edit-lane.md).
     */
    REFRESH_NOW;

    /** A poll of up to this many records from kb.chunks is a few edits, not a backlog. */
    public static final int FEW_RECORDS = 32;
}

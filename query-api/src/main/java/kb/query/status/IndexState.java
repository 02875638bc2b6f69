package kb.query.status;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.time.Instant;
import java.util.Locale;

/**
 * The index's state as every answer carries it (its {@code index} field, HTTP and MCP), so that an agent can tell
 * "not in the knowledge base" from "not indexed yet". Taken from the status observer's latest look (every two
 * seconds, the same figures as {@code /api/v1/status}), so an answer costs no request to the broker or
 * Elasticsearch; {@code observedAt} says how old the look is.
 *
 * @param pendingChanges        file changes the chunker and the sink have not committed yet (each is one version
 *                              of one file); null before the first look
 * @param oldestPendingSeconds  how long changes have been waiting: the time since a stage was last seen with
 *                              nothing waiting, so at most the oldest pending change's age; null when none waits
 *                              or before the first look
 * @param firstIndexRunning     true until the first full index of the folders is done
 * @param documents             documents indexed; null before the first look
 * @param chunks                chunks indexed (searchable by their words); null before the first look
 * @param chunksAwaitingVectors chunks whose vector is still being computed (not yet found by meaning)
 * @param observedAt            when the figures were taken (ISO-8601, UTC); null before the first look
 * @param notice                set on an answer that found nothing while the index is behind: "not found yet: ..."
 */
public record IndexState(
        Long pendingChanges,
        Long oldestPendingSeconds,
        boolean firstIndexRunning,
        Long documents,
        Long chunks,
        Long chunksAwaitingVectors,
        String observedAt,
        @JsonInclude(JsonInclude.Include.NON_NULL) String notice) {

    /** The notice before the observer's first look, when nothing was found. */
    static final String STARTING =
            "not found yet: kb is starting (until Elasticsearch answers, only the keyword index is asked)";

    /** Before the observer's first look: nothing is known but that the first index has not been seen done. */
    static IndexState unknown() {
        return new IndexState(null, null, true, null, null, null, null, null);
    }

    /**
     * @param waitingSeconds how long the stages have had changes waiting (the longer of the two)
     */
    static IndexState of(
            IndexingProgress.Observation look, long pendingChanges, double waitingSeconds, boolean firstIndexRunning) {
        return new IndexState(
                pendingChanges,
                pendingChanges > 0 ? Long.valueOf(Math.round(waitingSeconds)) : null,
                firstIndexRunning,
                look.documents(),
                look.chunks(),
                Math.min(look.chunksAwaitingVectors(), look.chunks()),
                Instant.ofEpochMilli(look.atMillis()).toString(),
                null);
    }

    /** The state as told with an answer: when it found nothing while changes wait, the notice says so. */
    public IndexState forAnswer(boolean found) {
        return new IndexState(
                pendingChanges,
                oldestPendingSeconds,
                firstIndexRunning,
                documents,
                chunks,
                chunksAwaitingVectors,
                observedAt,
                found ? null : notFoundYet());
    }

    private String notFoundYet() {
        if (pendingChanges != null && pendingChanges > 0) {
            return String.format(
                    Locale.ROOT,
                    "not found yet: %d %s still being indexed",
                    pendingChanges,
                    pendingChanges == 1 ? "change is" : "changes are");
        }
        if (observedAt == null) {
            // No look yet: kb is starting, and on a restart only L0 answers until Elasticsearch does.
            return STARTING;
        }
        return firstIndexRunning ? "not found yet: the first index is still running" : null;
    }
}

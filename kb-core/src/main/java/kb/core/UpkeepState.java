package kb.core;

import com.fasterxml.jackson.databind.annotation.JsonSerialize;
import com.fasterxml.jackson.databind.ser.std.ToStringSerializer;
import java.time.Instant;

/**
 * How the chunk index's upkeep (the chunks' deleted versions merged away, the vector index's switch by size, done by
 * the sink) fares, for the status: a force merge refused near Elasticsearch's disk watermark fails at every attempt,
 * so the failure is shown and retried with a growing pause rather than repeated silently.
 *
 * @param state        {@code ok}, {@code failing}, or {@code elsewhere} (the sink runs in another process: its log
 *                     says how its upkeep fares)
 * @param failingSince when the failures in a row began, else null
 * @param reason       the last failure, else null
 * @param failures     failed attempts in a row
 * @param nextAttempt  when it is tried again while failing, else null
 */
public record UpkeepState(
        String state,
        // ISO-8601 in the status: the API's JSON mapper has no java.time module, and an Instant made it fail (500)
        @JsonSerialize(using = ToStringSerializer.class) Instant failingSince,
        String reason,
        int failures,
        @JsonSerialize(using = ToStringSerializer.class) Instant nextAttempt) {

    public static final UpkeepState OK = new UpkeepState("ok", null, null, 0, null);
    public static final UpkeepState ELSEWHERE = new UpkeepState("elsewhere", null, null, 0, null);

    public boolean failing() {
        return failures > 0;
    }

    /** One more failure in a row, tried again at {@code next}. */
    public UpkeepState failed(String error, Instant now, Instant next) {
        return new UpkeepState("failing", failing() ? failingSince : now, error, failures + 1, next);
    }

    /** For {@code /health}: what fails, since when, and when it is tried again. */
    public String describe() {
        return failing()
                ? "the index's upkeep (merging away deleted chunks) fails since " + failingSince + " (" + failures
                        + " attempts): " + reason + "; tried again at " + nextAttempt
                : null;
    }
}

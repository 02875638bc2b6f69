package kb.query.calibration;

import kb.core.UpkeepState;

/**
 * How far the gate's measurement of the corpus is, for the status: an answer given before {@code measured} may
 * be gated or ranked otherwise than the same question later.
 *
 * @param state     {@code pending} (nothing measured or kept yet: the model's default threshold and the
 *                  configured weights are served), {@code kept} (serving the measurement an earlier run kept beside
 *                  this index), or {@code measured} (on the corpus by this run)
 * @param lastError the last attempt's failure while attempts fail in a row, else null
 * @param failures  failed attempts in a row (retried with a growing pause, never given up)
 * @param upkeep    how the sink's upkeep of the index fares (failing since when, why, next attempt), when the sink
 *                  runs in this process
 */
public record CalibrationState(String state, String lastError, int failures, UpkeepState upkeep) {

    static final CalibrationState PENDING = new CalibrationState("pending", null, 0, UpkeepState.OK);

    static CalibrationState of(String state) {
        return new CalibrationState(state, null, 0, UpkeepState.OK);
    }

    CalibrationState failed(String error) {
        return new CalibrationState(state, error, failures + 1, upkeep);
    }

    public CalibrationState withUpkeep(UpkeepState now) {
        return new CalibrationState(state, lastError, failures, now);
    }
}

package kb.query.calibration;

import java.io.IOException;
import java.util.Optional;
import kb.query.search.corpus.GateThreshold;

/**
 * Where the last measurement of the corpus is kept beside the index, so that a restart serves what the same index
 * was measured at before its first measurement of its own is done, whatever Elasticsearch's first seconds are like.
 */
public interface CalibrationStore {

    /** The measurement kept for the index being served, if any. */
    Optional<GateThreshold> load() throws IOException;

    void save(GateThreshold threshold) throws IOException;

    CalibrationStore NONE = new CalibrationStore() {
        @Override
        public Optional<GateThreshold> load() {
            return Optional.empty();
        }

        @Override
        public void save(GateThreshold threshold) {}
    };
}

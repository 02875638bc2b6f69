package kb.core;

import java.util.function.Consumer;

/**
 * How the chunk index's upkeep fares; the sink does it (it owns the index's shape) and implements this, and the query
 * API shows it when both run in one process. Beside a sink in another process the API sees {@link #ELSEWHERE}.
 */
public interface IndexUpkeep {

    UpkeepState state();

    /** Told each change of the state (it starts failing, fails otherwise, works again). */
    void onChange(Consumer<UpkeepState> listener);

    /** The sink runs in another process: nothing to show here, nothing ever told. */
    IndexUpkeep ELSEWHERE = new IndexUpkeep() {
        @Override
        public UpkeepState state() {
            return UpkeepState.ELSEWHERE;
        }

        @Override
        public void onChange(Consumer<UpkeepState> listener) {}
    };
}

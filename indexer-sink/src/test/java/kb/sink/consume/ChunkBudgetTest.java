package kb.sink.consume;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.function.ToIntFunction;
import org.junit.jupiter.api.Test;

class ChunkBudgetTest {

    private static final ToIntFunction<Integer> SIZE = Integer::intValue;

    @Test
    void shouldCutConsecutiveBatchesAtTheChunkBudget() {
        assertEquals(
                List.of(List.of(10, 20, 30), List.of(40, 5), List.of(60)),
                ChunkBudget.split(List.of(10, 20, 30, 40, 5, 60), 64, SIZE));
    }

    @Test
    void shouldGiveALargeDocumentABatchOfItsOwn() {
        assertEquals(
                List.of(List.of(3), List.of(840), List.of(2, 0, 1)),
                ChunkBudget.split(List.of(3, 840, 2, 0, 1), 64, SIZE));
    }

    @Test
    void shouldLetDeletesRideAlongAndKeepOrder() {
        assertEquals(List.of(List.of(0, 0, 64, 0), List.of(1)), ChunkBudget.split(List.of(0, 0, 64, 0, 1), 64, SIZE));
        assertEquals(List.of(), ChunkBudget.split(List.<Integer>of(), 64, SIZE));
    }
}

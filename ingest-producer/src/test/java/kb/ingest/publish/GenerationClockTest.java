package kb.ingest.publish;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import org.junit.jupiter.api.Test;

class GenerationClockTest {

    private static final Clock STOPPED = Clock.fixed(Instant.ofEpochMilli(1_765_000_000_000L), ZoneOffset.UTC);

    @Test
    void shouldGiveTheWallClockInMicrosecondsAndGrowWhenTheClockDoesNot() {
        GenerationClock generations = new GenerationClock(STOPPED, 0);
        assertEquals(1_765_000_000_000_000L, generations.next());
        assertEquals(1_765_000_000_000_001L, generations.next());
    }

    @Test
    void shouldStayAboveAGenerationAlreadyOnTheTopicWhenTheClockIsBehind() {
        long seen = 2_000_000_000_000_000L;
        GenerationClock generations = new GenerationClock(STOPPED, seen);
        assertTrue(generations.next() > seen);
    }

    @Test
    void shouldBeAboveEveryOffsetGenerationOfTheDaysBeforeStamps() {
        assertTrue(new GenerationClock(STOPPED, 0).next() > Integer.MAX_VALUE * 1000L);
    }
}

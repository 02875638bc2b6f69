package kb.ingest;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.attribute.FileTime;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import kb.ingest.publish.Lane;
import org.junit.jupiter.api.Test;

class RescanOrderTest {

    private static final long NOW = 1_000_000_000L;

    @Test
    void shouldReadWhatChangedLatelyFirstNewestFirstAndTheRestInTurnWhenTheWatcherLostEvents() {
        Map<String, Long> modified = Map.of(
                "old.md", NOW - 3_600_000,
                "burst/a.md", NOW - 2_000,
                "burst/b.md", NOW - 1_900,
                "saved.md", NOW - 100,
                "older.md", NOW - 61_000);
        RescanOrder order = RescanOrder.afterLostEvents(
                List.of("old.md", "burst/a.md", "burst/b.md", "saved.md", "older.md", "gone.md"),
                path -> Optional.ofNullable(modified.get(path)).map(FileTime::fromMillis),
                NOW);
        assertEquals(List.of("saved.md", "burst/b.md", "burst/a.md"), order.live());
        assertEquals(List.of("old.md", "older.md", "gone.md"), order.scan(), "an unreadable file is read in turn");
    }

    @Test
    void shouldCopyTheFewNewestToTheLiveLaneWhateverItsBudget() {
        assertEquals(Lane.NEWEST, RescanOrder.liveLane(0));
        assertEquals(Lane.NEWEST, RescanOrder.liveLane(RescanOrder.NEWEST - 1));
        assertEquals(Lane.LIVE, RescanOrder.liveLane(RescanOrder.NEWEST));
    }

    @Test
    void shouldReadEveryFileInTurnOnAScanThatLostNothing() {
        RescanOrder order = RescanOrder.inTurn(List.of("b.md", "a.md"));
        assertEquals(List.of(), order.live());
        assertEquals(List.of("b.md", "a.md"), order.scan());
    }
}

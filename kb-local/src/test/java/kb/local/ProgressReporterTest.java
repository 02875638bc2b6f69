package kb.local;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import kb.query.status.IndexingProgress.Block;
import org.junit.jupiter.api.Test;

/** What {@code kb up} prints while the index fills: the lines' wording and when they appear. */
class ProgressReporterTest {

    private static final Block RUNNING = new Block("running", 120, 499, 800, 3_100, 12.3, 190L, 640);
    private static final Block DONE = new Block("done", 499, 499, 3_100, 3_100, 0, 0L, 0);

    private final ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    private final PrintStream out = new PrintStream(bytes, true, StandardCharsets.UTF_8);
    private final AtomicReference<Block> current = new AtomicReference<>();

    @Test
    void shouldSayDocumentsChunksRateEtaAndChunksAwaitingVectors() {
        assertEquals(
                "kb: indexing 120/499 documents, 800/3,100 chunks, 12.3 chunks/s, ETA 3 min 10 s"
                        + " (640 chunks await vectors)",
                ProgressReporter.runningLine(RUNNING));
    }

    @Test
    void shouldSayTheEtaIsNotKnownBeforeThereIsARate() {
        Block first = new Block("running", 0, 2_000, 0, 10_000, 0, null, 0);
        assertEquals(
                "kb: indexing 0/2,000 documents, 0/10,000 chunks, estimating rate and ETA",
                ProgressReporter.runningLine(first));
    }

    @Test
    void shouldSayOnceDoneHowMuchWasIndexedAndHowLongItTook() {
        assertEquals("kb: indexed 499 documents (3,100 chunks) in 3 min 2 s", ProgressReporter.doneLine(DONE, 182));
        assertEquals(
                "kb: indexed 1 document (1 chunk) in 4 s",
                ProgressReporter.doneLine(new Block("done", 1, 1, 1, 1, 0, 0L, 0), 4));
    }

    @Test
    void shouldDrawABarOfTheChunksDone() {
        Block half = new Block("running", 250, 499, 1_550, 3_100, 12.3, 126L, 0);
        assertEquals(
                "kb: [##########..........]  50% 250/499 docs, 1,550/3,100 chunks, 12.3 chunks/s, ETA 2 min 6 s",
                ProgressReporter.bar(half));
        assertTrue(ProgressReporter.bar(new Block("running", 0, 0, 0, 0, 0, null, 0))
                .startsWith("kb: [....................]   0%"));
    }

    @Test
    void shouldWriteDurationsAsAPersonWould() {
        assertEquals("42 s", ProgressReporter.duration(42));
        assertEquals("3 min 10 s", ProgressReporter.duration(190));
        assertEquals("2 min", ProgressReporter.duration(120));
        assertEquals("1 h 5 min", ProgressReporter.duration(3_900 + 17));
    }

    @Test
    void shouldPrintRunningLinesThenExactlyOneDoneLine() {
        AtomicInteger looks = new AtomicInteger();
        current.set(RUNNING);
        try (ProgressReporter reporter = ProgressReporter.start(
                () -> {
                    looks.incrementAndGet();
                    return current.get();
                },
                out,
                false,
                Duration.ofMillis(10))) {
            await().atMost(Duration.ofSeconds(10)).until(() -> output().contains("kb: indexing 120/499 documents"));
            current.set(DONE);
            await().atMost(Duration.ofSeconds(10)).until(() -> output().contains("kb: indexed 499 documents"));
            int seen = looks.get();
            await().atMost(Duration.ofSeconds(10)).until(() -> looks.get() >= seen + 5);
        }
        assertEquals(1, output().split("kb: indexed ", -1).length - 1, output());
        assertFalse(output().contains("\r"), "plain lines carry no control characters");
        assertTrue(output().lines().allMatch(l -> l.startsWith("kb: indexing ") || l.startsWith("kb: indexed ")));
    }

    @Test
    void shouldRedrawTheBarInPlaceOnATerminalAndEndItWithANewline() {
        ProgressReporter reporter = reporter(true);
        current.set(RUNNING);
        reporter.look();
        current.set(DONE);
        reporter.look();
        String printed = output();
        assertTrue(printed.startsWith("\rkb: [#####"), printed);
        assertTrue(printed.contains("\rkb: indexed 499 documents (3,100 chunks) in "), printed);
        assertTrue(printed.endsWith(System.lineSeparator()), printed);
        assertEquals(1, printed.chars().filter(c -> c == '\n').count(), "one line on screen, redrawn");
    }

    @Test
    void shouldStayQuietForASmallBacklogAfterTheFirstIndex() {
        ProgressReporter reporter = reporter(false);
        current.set(DONE);
        reporter.look();
        current.set(new Block("running", 499, 500, 3_100, 3_106, 0, null, 6));
        reporter.look();
        current.set(DONE);
        reporter.look();
        assertEquals("kb: index up to date: 499 documents (3,100 chunks)" + System.lineSeparator(), output());
    }

    @Test
    void shouldReportALargeBacklogAfterTheFirstIndexAgain() {
        ProgressReporter reporter = reporter(false);
        current.set(DONE);
        reporter.look();
        current.set(new Block("running", 0, 499, 0, 3_100, 0, null, 3_100));
        reporter.look();
        current.set(DONE);
        reporter.look();
        assertEquals(3, output().lines().count(), output());
        assertTrue(output().lines().skip(1).findFirst().orElseThrow().startsWith("kb: indexing 0/499 documents"));
        assertTrue(output().contains("kb: indexed 499 documents (3,100 chunks) in 0 s"), output());
    }

    private ProgressReporter reporter(boolean terminal) {
        return new ProgressReporter(current::get, out, terminal, Clock.fixed(Instant.EPOCH, ZoneOffset.UTC));
    }

    private String output() {
        return bytes.toString(StandardCharsets.UTF_8);
    }
}

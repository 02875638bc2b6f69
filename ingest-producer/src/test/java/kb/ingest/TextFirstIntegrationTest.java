package kb.ingest;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import kb.ingest.samples.SampleDocuments;
import kb.testkit.SharedInfrastructure;
import kb.testkit.TopicReader;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A note saved while large documents are being extracted is published at once, not behind them. */
class TextFirstIntegrationTest {

    private static final int DOCUMENTS = 6;
    private static final int PAGES = 1500;

    @TempDir
    Path base;

    @TempDir
    Path staging;

    @Test
    void shouldPublishANoteWithinFiveSecondsWhenItIsSavedWhileHeavyDocumentsAreBeingExtracted() throws Exception {
        List<Path> heavy = new ArrayList<>();
        for (int d = 0; d < DOCUMENTS; d++) {
            List<String> pages = new ArrayList<>();
            for (int p = 1; p <= PAGES; p++) {
                pages.add("Manual " + d + ", page " + p + ": pump priming, torque and valve settings.");
            }
            heavy.add(SampleDocuments.pdf(staging.resolve("manual-" + d + ".pdf"), "Manual " + d, pages));
        }
        String prefix = "t" + UUID.randomUUID().toString().substring(0, 8) + ".";
        String bootstrap = SharedInfrastructure.get().bootstrapServers();
        try (TopicReader events = new TopicReader(bootstrap, prefix + "file-events");
                IngestProducer producer = TestProducers.start(
                        prefix,
                        base,
                        new SimpleMeterRegistry(),
                        Map.of("KB_MAX_FILE_BYTES", "4194304", "KB_EXTRACT_TIMEOUT", "PT10M"))) {
            assertTrue(producer.awaitInitialScan(30, TimeUnit.SECONDS));
            for (Path document : heavy) {
                Files.copy(document, base.resolve(document.getFileName()));
            }
            // The batch is being extracted once its first document is (a debounce and a child JVM's start later;
            // a 1,500-page PDF can take minutes on a busy 2-core machine, hence the extraction's own bound raised:
            // only the note's 5 s is timed).
            await().atMost(Duration.ofMinutes(3)).until(() -> events.keysIn(TestProducers.COLLECTION).stream()
                    .anyMatch(k -> k.endsWith(".pdf")));
            Files.writeString(base.resolve("note.md"), "# Saved now\nThe pump's valve is at 3 bar.\n");
            long saved = System.nanoTime();
            await().atMost(Duration.ofSeconds(5))
                    .until(() -> events.keysIn(TestProducers.COLLECTION).contains("note.md"));
            long millis = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - saved);
            long documentsBefore = events.keysIn(TestProducers.COLLECTION).stream()
                    .filter(k -> k.endsWith(".pdf"))
                    .count();
            System.out.printf(
                    "note published %d ms after its save, with %d of %d documents%n",
                    millis, documentsBefore, DOCUMENTS);
            await().atMost(Duration.ofMinutes(10))
                    .until(() -> events.keysIn(TestProducers.COLLECTION).stream()
                                    .filter(k -> k.endsWith(".pdf"))
                                    .count()
                            == DOCUMENTS);
        }
    }
}

package kb.ingest.extract;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import kb.ingest.samples.SampleDocuments;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Extraction in a child JVM with a time and memory bound, as the watcher runs it. */
class IsolatedExtractorTest {

    @TempDir
    Path dir;

    @Test
    void shouldExtractSeveralDocumentsInOneChildProcessAndReportBadOnesWithoutStopping() throws Exception {
        Path pdf = SampleDocuments.pdf(
                dir.resolve("a.pdf"),
                "Manual",
                List.of("Page one of the manual.", "Page two of the manual.", "Torque is 42 Nm."));
        Path secret = SampleDocuments.encryptedPdf(dir.resolve("s.pdf"), "secret");
        try (IsolatedExtractor extractor = new IsolatedExtractor(ExtractionLimits.defaults(1 << 20))) {
            Extraction first = extractor.extract(pdf, "pdf");
            Extraction.Done done = assertInstanceOf(Extraction.Done.class, first, first.toString());
            assertEquals("Manual", done.text().title());
            assertEquals(3, done.text().blocks().get(2).number());
            assertEquals(
                    "encrypted",
                    assertInstanceOf(Extraction.Failed.class, extractor.extract(secret, "pdf"))
                            .reason());
            assertInstanceOf(
                    Extraction.Done.class, extractor.extract(pdf, "pdf"), "the process goes on after a failure");
        }
    }

    /** The bound is what matters, not what made the parse slow: here the child's start alone outlasts it. */
    @Test
    void shouldKillTheChildAndSayTimedOutWhenADocumentTakesLongerThanTheLimit() throws Exception {
        Path pdf = SampleDocuments.pdf(dir.resolve("a.pdf"), "Manual", List.of("Page one of the manual."));
        ExtractionLimits tight = new ExtractionLimits(Duration.ofMillis(50), 128, 1 << 20, 1 << 20, false);
        long start = System.nanoTime();
        try (IsolatedExtractor extractor = new IsolatedExtractor(tight)) {
            Extraction.Failed failed = assertInstanceOf(Extraction.Failed.class, extractor.extract(pdf, "pdf"));
            assertEquals("timeout", failed.reason());
            assertTrue(failed.message().startsWith("timed out after"), failed.message());
        }
        assertTrue(Duration.ofNanos(System.nanoTime() - start).compareTo(Duration.ofSeconds(10)) < 0);
    }
}

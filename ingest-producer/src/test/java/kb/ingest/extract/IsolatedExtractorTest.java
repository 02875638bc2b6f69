package kb.ingest.extract;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.Writer;
import java.nio.file.Files;
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

    /** The child's heap bound is met for real: twelve cells of 10 M characters need over 120 MB to be held. */
    @Test
    void shouldSayTheExtractorRanOutOfMemoryWhenADocumentNeedsMoreThanItsHeap() throws Exception {
        Path notebook = dir.resolve("huge.ipynb");
        String cell = "{\"cell_type\": \"markdown\", \"source\": \"" + "x".repeat(10_000_000) + "\"}";
        try (Writer out = Files.newBufferedWriter(notebook)) {
            out.write("{\"cells\": [");
            for (int i = 0; i < 12; i++) {
                out.write(i == 0 ? cell : "," + cell);
            }
            out.write("]}");
        }
        ExtractionLimits small = new ExtractionLimits(Duration.ofSeconds(60), 64, 1L << 30, 1L << 30, false);
        try (IsolatedExtractor extractor = new IsolatedExtractor(small)) {
            Extraction.Failed failed = assertInstanceOf(Extraction.Failed.class, extractor.extract(notebook, "ipynb"));
            assertEquals("too_large", failed.reason(), failed.message());
            assertEquals("too large: the extractor ran out of memory (64 MB)", failed.message());
            Path pdf = SampleDocuments.pdf(dir.resolve("a.pdf"), "Manual", List.of("Page one of the manual."));
            assertInstanceOf(Extraction.Done.class, extractor.extract(pdf, "pdf"), "a fresh child takes the next one");
        }
    }

    /** Seen in kb-docs-dev: Alibaba's Java manual explains OOM as coming from java.lang.OutOfMemoryError. */
    @Test
    void shouldExtractADocumentWhoseTextNamesTheOutOfMemoryError() throws Exception {
        Path pdf = SampleDocuments.pdf(
                dir.resolve("java.pdf"),
                "Java manual",
                List.of("OOM (Out Of Memory) comes from java.lang.OutOfMemoryError: Java heap space."));
        try (IsolatedExtractor extractor = new IsolatedExtractor(ExtractionLimits.defaults(1 << 20))) {
            Extraction extraction = extractor.extract(pdf, "pdf");
            Extraction.Done done = assertInstanceOf(Extraction.Done.class, extraction, extraction.toString());
            assertTrue(done.text().blocks().get(0).text().contains("java.lang.OutOfMemoryError"));
        }
    }
}

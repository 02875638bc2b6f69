package kb.ingest;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.List;
import kb.core.FileEvent;
import kb.core.Ids;
import kb.core.settings.CollectionFolder;
import kb.ingest.extract.ExtractionLimits;
import kb.ingest.extract.IsolatedExtractor;
import kb.ingest.samples.SampleDocuments;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Documents that are not plain text: extracted, the original's size and hash kept, not extracted twice. */
class DocumentReadingTest {

    @TempDir
    Path base;

    private final IsolatedExtractor extractor = new IsolatedExtractor(ExtractionLimits.defaults(1 << 20));

    @AfterEach
    void close() {
        extractor.close();
    }

    private FileEventReader reader(long maxDocumentBytes, FileEventReader.Known known) {
        return new FileEventReader(
                new CollectionFolder("notes", base),
                1 << 20,
                Clock.systemUTC(),
                new FileEventReader.Documents(extractor, maxDocumentBytes, known));
    }

    @Test
    void shouldCarryTheExtractedTextWithTheOriginalFilesSizeAndHash() throws Exception {
        Path pdf = SampleDocuments.pdf(base.resolve("manuals/pump.pdf"), "Pump", List.of("Prime the pump before use."));
        FileReadResult result = reader(1 << 20, FileEventReader.Known.NOTHING).read("manuals/pump.pdf");
        FileEvent event = assertInstanceOf(FileReadResult.Read.class, result).event();
        assertNull(event.content());
        assertEquals("Pump", event.extracted().title());
        assertEquals(Files.size(pdf), event.size());
        assertEquals(Ids.sha256Hex(Files.readAllBytes(pdf)), event.sha256());
        assertEquals("pdf", event.format());
        assertEquals("manuals", event.category());
    }

    @Test
    void shouldNotExtractAVersionTheIndexAlreadyHas() throws Exception {
        Path pdf = SampleDocuments.pdf(base.resolve("a.pdf"), "A", List.of("Some text on the page."));
        String hash = Ids.sha256Hex(Files.readAllBytes(pdf));
        FileReadResult result = reader(1 << 20, (path, sha) -> path.equals("a.pdf") && sha.equals(hash))
                .read("a.pdf");
        assertEquals(new FileReadResult.Unchanged("a.pdf", ((FileReadResult.Unchanged) result).sha256()), result);
    }

    @Test
    void shouldRejectWithTheReasonADocumentThatCannotBeRead() throws Exception {
        SampleDocuments.encryptedPdf(base.resolve("secret.pdf"), "classified");
        SampleDocuments.pdf(base.resolve("big.pdf"), "Big", List.of("Text of a document over the size limit."));
        FileReadResult.Rejected secret = assertInstanceOf(
                FileReadResult.Rejected.class,
                reader(1 << 20, FileEventReader.Known.NOTHING).read("secret.pdf"));
        assertEquals("encrypted", secret.reason());
        FileReadResult.Rejected big = assertInstanceOf(
                FileReadResult.Rejected.class,
                reader(500, FileEventReader.Known.NOTHING).read("big.pdf"));
        assertEquals("too_large", big.reason());
    }
}

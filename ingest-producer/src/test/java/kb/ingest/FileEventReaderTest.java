package kb.ingest;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Locale;
import kb.core.FileEvent;
import kb.core.Ids;
import kb.core.settings.CollectionFolder;
import kb.ingest.extract.ExtractionLimits;
import kb.ingest.extract.IsolatedExtractor;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class FileEventReaderTest {

    @TempDir
    Path base;

    private FileEventReader reader(long cap) {
        return new FileEventReader(
                new CollectionFolder("notes", base),
                cap,
                Clock.fixed(Instant.ofEpochMilli(42), ZoneOffset.UTC),
                new FileEventReader.Documents(
                        new IsolatedExtractor(ExtractionLimits.defaults(cap)), 1 << 20, FileEventReader.Known.NOTHING));
    }

    @Test
    void shouldReadAFileIntoAnEvent() throws Exception {
        Files.createDirectories(base.resolve("ops"));
        Files.writeString(base.resolve("ops/run.md"), "hello", StandardCharsets.UTF_8);
        FileEvent event = ((FileReadResult.Read) reader(1024).read("ops/run.md")).event();
        assertEquals("ops/run.md", event.path());
        assertEquals("notes", event.collection());
        assertEquals("notes:ops/run.md", event.key());
        assertEquals("ops", event.category());
        assertEquals("md", event.format());
        assertEquals(5, event.size());
        assertEquals(Ids.sha256Hex("hello"), event.sha256());
        assertEquals(42, event.observedTime());
        assertEquals("hello", event.content());
    }

    @Test
    void shouldRejectOversizeBinaryAndInvalidUtf8() throws Exception {
        Files.writeString(base.resolve("big.txt"), "x".repeat(2000));
        Files.write(base.resolve("bin.txt"), new byte[] {'a', 0, 'b'});
        Files.write(base.resolve("latin1.txt"), new byte[] {'c', 'a', 'f', (byte) 0xe9});
        assertEquals("oversize", ((FileReadResult.Rejected) reader(1000).read("big.txt")).reason());
        assertEquals("binary", ((FileReadResult.Rejected) reader(1000).read("bin.txt")).reason());
        assertEquals("invalid_utf8", ((FileReadResult.Rejected) reader(1000).read("latin1.txt")).reason());
    }

    @Test
    void shouldReportAVanishedFileAsGone() {
        assertInstanceOf(FileReadResult.Gone.class, reader(10).read("nope.md"));
    }

    @Test
    void shouldRejectANamedPipeWithoutOpeningItWhenOneHasAnIngestedExtension() throws Exception {
        Process mkfifo = new ProcessBuilder("mkfifo", base.resolve("x.md").toString())
                .inheritIO()
                .start();
        assertEquals(0, mkfifo.waitFor());
        // Opening it would block until a writer came: the read must answer at once.
        FileReadResult result = assertTimeoutPreemptively(
                Duration.ofSeconds(5), () -> reader(1000).read("x.md"));
        FileReadResult.Rejected rejected = (FileReadResult.Rejected) result;
        assertEquals("not_regular", rejected.reason());
        assertEquals("NotARegularFile", rejected.errorClass());
    }

    @Test
    void shouldFingerprintABadFileByItsContentSoAnUnchangedOneIsRecognised() throws Exception {
        Files.write(base.resolve("bin.txt"), new byte[] {'a', 0, 'b'});
        String first = ((FileReadResult.Rejected) reader(1000).read("bin.txt")).fingerprint();
        assertEquals(first, ((FileReadResult.Rejected) reader(1000).read("bin.txt")).fingerprint());
        Files.write(base.resolve("bin.txt"), new byte[] {'a', 0, 'c'});
        assertNotEquals(first, ((FileReadResult.Rejected) reader(1000).read("bin.txt")).fingerprint());
    }

    /** What Notepad's "Unicode" and some Windows tools save: UTF-16 or UTF-32 with a byte order mark. */
    @Test
    void shouldReadUtf16AndUtf32WithAByteOrderMarkAsText() throws Exception {
        String note = "# Pump\nPrime the pump: 42 Nm, \u6cf5.\n";
        for (String charset : List.of("UTF-16LE", "UTF-16BE", "UTF-32LE", "UTF-32BE")) {
            String name = charset.toLowerCase(Locale.ROOT) + ".md";
            byte[] bytes = ("\uFEFF" + note).getBytes(java.nio.charset.Charset.forName(charset));
            Files.write(base.resolve(name), bytes);
            FileReadResult result = reader(1000).read(name);
            FileEvent event = assertInstanceOf(FileReadResult.Read.class, result, charset + ": " + result)
                    .event();
            assertEquals(note, event.content(), charset);
            assertEquals(bytes.length, event.size());
            assertEquals(Ids.sha256Hex(bytes), event.sha256());
        }
    }

    @Test
    void shouldNameTheEncodingWhenAUtf16FileIsBroken() throws Exception {
        byte[] bytes = {(byte) 0xFF, (byte) 0xFE, 'a', 0, 0, (byte) 0xDC}; // a lone low surrogate
        Files.write(base.resolve("broken.txt"), bytes);
        FileReadResult.Rejected rejected =
                assertInstanceOf(FileReadResult.Rejected.class, reader(1000).read("broken.txt"));
        assertEquals("invalid_utf8", rejected.reason());
        assertEquals("not UTF-8 (UTF-16LE) and not valid UTF-16LE either", rejected.message());
    }
}

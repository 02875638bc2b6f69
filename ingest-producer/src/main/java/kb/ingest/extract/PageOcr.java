package kb.ingest.extract;

import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import javax.imageio.ImageIO;
import kb.core.PageLayout;
import org.apache.pdfbox.pdmodel.PDDocument;
import org.apache.pdfbox.pdmodel.PDPage;
import org.apache.pdfbox.rendering.ImageType;
import org.apache.pdfbox.rendering.PDFRenderer;

/**
 * Reads a PDF page without a text layer with Tesseract: the page rendered in grey at {@link #DPI} (fewer dots for
 * a page so large it would pass {@link #MAX_PIXELS}, so the extractor's heap bounds it), Tesseract's words and their
 * boxes grouped into its lines ({@link TesseractTsv}). Tesseract runs as a process of its own with one thread,
 * killed past the page's time limit. Not thread-safe: one page at a time.
 */
final class PageOcr {

    /** Scans read well at 300 dots per inch; fewer lose small print, more cost time for nothing. */
    static final int DPI = 300;
    /** An A4 page at 300 dpi is 8.7 million pixels; a poster is read at fewer dots per inch. */
    static final long MAX_PIXELS = 25_000_000L;
    /** One page at most; a page Tesseract cannot read in this time is left unread. */
    static final Duration PAGE_TIMEOUT = Duration.ofSeconds(30);

    private final Tesseract tesseract;

    PageOcr(Tesseract tesseract) {
        this.tesseract = tesseract;
    }

    /**
     * The page's lines as Tesseract read them, in page units.
     *
     * @param index the page's index, from 0
     * @param limit the time it may take at most
     */
    Read read(PDDocument document, int index, Duration limit) throws IOException, InterruptedException {
        PDPage page = document.getPage(index);
        float width = page.getCropBox().getWidth();
        float height = page.getCropBox().getHeight();
        if (page.getRotation() % 180 != 0) {
            float swap = width;
            width = height;
            height = swap;
        }
        double pixelsAtDpi = (width * DPI / 72.0) * (height * DPI / 72.0);
        float dpi = (float) (pixelsAtDpi <= MAX_PIXELS ? DPI : DPI * Math.sqrt(MAX_PIXELS / pixelsAtDpi));
        BufferedImage image = new PDFRenderer(document).renderImageWithDPI(index, dpi, ImageType.GRAY);
        Path png = Files.createTempFile("kb-ocr-", ".png");
        try {
            ImageIO.write(image, "png", png.toFile());
            image.flush();
            String tsv = tesseract.tsv(png, limit);
            List<PageLayout.Line> lines = TesseractTsv.lines(tsv, 72f / dpi);
            return new Read(new PageLayout.Page(index + 1, width, height, true, lines), TesseractTsv.paragraphs(tsv));
        } finally {
            Files.deleteIfExists(png);
        }
    }

    /** A page read: its lines with their boxes, and its text by paragraph (lines split by newlines). */
    record Read(PageLayout.Page page, List<String> paragraphs) {}

    /** The {@code tesseract} command and the languages it reads here. */
    record Tesseract(String languages) {

        /** English and simplified Chinese where installed. */
        static final List<String> WANTED = List.of("eng", "chi_sim");

        /** Tesseract as installed, asked once; null when the command is not on the PATH. */
        static Tesseract find() {
            try {
                Process process = new ProcessBuilder("tesseract", "--list-langs")
                        .redirectErrorStream(true)
                        .start();
                String out = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
                if (!process.waitFor(10, TimeUnit.SECONDS) || process.exitValue() != 0) {
                    process.destroyForcibly();
                    return null;
                }
                List<String> installed = out.lines().map(String::strip).toList();
                List<String> usable =
                        WANTED.stream().filter(installed::contains).toList();
                return new Tesseract(usable.isEmpty() ? "eng" : String.join("+", usable));
            } catch (IOException e) {
                return null;
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return null;
            }
        }

        /** Tesseract's words with their boxes, as TSV, read from the image in at most {@code limit}. */
        String tsv(Path image, Duration limit) throws IOException, InterruptedException {
            List<String> command = new ArrayList<>(
                    List.of("tesseract", image.toString(), "stdout", "-l", languages, "--psm", "3", "tsv"));
            ProcessBuilder builder = new ProcessBuilder(command);
            // One thread: two cores shared with the watcher, the broker and Elasticsearch; a page at a time anyway.
            builder.environment().put("OMP_THREAD_LIMIT", "1");
            Path out = Files.createTempFile("kb-ocr-", ".tsv");
            try {
                Process process = builder.redirectOutput(out.toFile())
                        .redirectError(ProcessBuilder.Redirect.DISCARD)
                        .start();
                if (!process.waitFor(limit.toMillis(), TimeUnit.MILLISECONDS)) {
                    process.destroyForcibly().waitFor(5, TimeUnit.SECONDS);
                    throw new IOException("tesseract took longer than " + limit.toSeconds() + " s on a page");
                }
                if (process.exitValue() != 0) {
                    throw new IOException("tesseract ended with exit code " + process.exitValue());
                }
                return Files.readString(out, StandardCharsets.UTF_8);
            } finally {
                Files.deleteIfExists(out);
            }
        }
    }
}

package kb.query.documents;

import java.awt.image.BufferedImage;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Semaphore;
import javax.imageio.ImageIO;
import org.apache.pdfbox.Loader;
import org.apache.pdfbox.pdmodel.PDDocument;
import org.apache.pdfbox.pdmodel.PDPage;
import org.apache.pdfbox.rendering.ImageType;
import org.apache.pdfbox.rendering.PDFRenderer;

/**
 * A PDF's page as a PNG image, for the page view: rendered by PDFBox at most {@link #MAX_WIDTH} pixels wide, at most
 * {@link #MAX_PIXELS} pixels in all and at most {@link #MAX_SCALE} times its size in points, two at a time, the last
 * {@link #CACHED} kept in memory by file version and page. Thread-safe.
 */
public final class PageImages {

    /** Wide enough to read a page's small print on a laptop's screen. */
    static final int MAX_WIDTH = 1400;
    /** A letter or A4 page is rendered at about 2 million pixels; no page image holds more than this. */
    static final double MAX_PIXELS = 4_000_000;
    /** A small page (a receipt) is not blown up past twice its size. */
    static final float MAX_SCALE = 2f;
    /** Pages kept rendered; a page image is some 100 to 300 KB. */
    static final int CACHED = 24;

    /** Two renders at a time: each holds a page's pixels, and the API's threads serve searches meanwhile. */
    private final Semaphore rendering = new Semaphore(2);

    private final Map<String, byte[]> cache = new LinkedHashMap<>(16, 0.75f, true) {
        @Override
        protected boolean removeEldestEntry(Map.Entry<String, byte[]> eldest) {
            return size() > CACHED;
        }
    };

    /** The page (from 1) as a PNG; empty when the PDF has no such page. */
    public Optional<byte[]> png(Path pdf, int page) throws IOException, InterruptedException {
        String key = pdf + "|" + Files.size(pdf) + "|"
                + Files.getLastModifiedTime(pdf).toMillis() + "|" + page;
        synchronized (cache) {
            byte[] cached = cache.get(key);
            if (cached != null) {
                return Optional.of(cached);
            }
        }
        Optional<byte[]> rendered = render(pdf, page);
        rendered.ifPresent(png -> {
            synchronized (cache) {
                cache.put(key, png);
            }
        });
        return rendered;
    }

    private Optional<byte[]> render(Path pdf, int page) throws IOException, InterruptedException {
        rendering.acquire();
        try (PDDocument document = Loader.loadPDF(pdf.toFile())) {
            if (page < 1 || page > document.getNumberOfPages()) {
                return Optional.empty();
            }
            PDPage pdPage = document.getPage(page - 1);
            float width = Math.max(1f, pdPage.getCropBox().getWidth());
            float height = Math.max(1f, pdPage.getCropBox().getHeight());
            float across = pdPage.getRotation() % 180 == 0 ? width : height;
            // A long strip of a page (a receipt roll, a poster) is bounded by its pixels, not only by its width.
            float scale =
                    Math.min(Math.min(MAX_SCALE, MAX_WIDTH / across), (float) Math.sqrt(MAX_PIXELS / (width * height)));
            BufferedImage image = new PDFRenderer(document).renderImage(page - 1, scale, ImageType.RGB);
            ByteArrayOutputStream png = new ByteArrayOutputStream();
            ImageIO.write(image, "png", png);
            return Optional.of(png.toByteArray());
        } finally {
            rendering.release();
        }
    }
}

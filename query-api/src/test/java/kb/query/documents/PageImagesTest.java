package kb.query.documents;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.awt.image.BufferedImage;
import java.io.ByteArrayInputStream;
import java.nio.file.Path;
import java.util.Optional;
import javax.imageio.ImageIO;
import org.apache.pdfbox.pdmodel.PDDocument;
import org.apache.pdfbox.pdmodel.PDPage;
import org.apache.pdfbox.pdmodel.common.PDRectangle;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Pages rendered by the real PDFBox, within their bounds. */
class PageImagesTest {

    @TempDir
    Path dir;

    private final PageImages images = new PageImages();

    @Test
    void shouldRenderALetterPageAtTwiceItsSizeAndServeItFromMemoryWhenAskedAgain() throws Exception {
        Path pdf = pdf("letter.pdf", PDRectangle.LETTER, PDRectangle.LETTER);
        byte[] first = images.png(pdf, 2).orElseThrow();
        BufferedImage image = ImageIO.read(new ByteArrayInputStream(first));
        assertEquals(1224, image.getWidth());
        assertEquals(1584, image.getHeight());
        assertSame(first, images.png(pdf, 2).orElseThrow());
        assertEquals(Optional.empty(), images.png(pdf, 3));
    }

    @Test
    void shouldBoundTheImagesPixelsWhenThePageIsALongStrip() throws Exception {
        Path pdf = pdf("roll.pdf", new PDRectangle(200, 14_000));
        BufferedImage image =
                ImageIO.read(new ByteArrayInputStream(images.png(pdf, 1).orElseThrow()));
        long pixels = (long) image.getWidth() * image.getHeight();
        assertTrue(pixels <= PageImages.MAX_PIXELS * 1.01, image.getWidth() + " x " + image.getHeight());
        assertTrue(image.getWidth() <= PageImages.MAX_WIDTH);
    }

    private Path pdf(String name, PDRectangle... pages) throws Exception {
        Path file = dir.resolve(name);
        try (PDDocument document = new PDDocument()) {
            for (PDRectangle size : pages) {
                document.addPage(new PDPage(size));
            }
            document.save(file.toFile());
        }
        return file;
    }
}

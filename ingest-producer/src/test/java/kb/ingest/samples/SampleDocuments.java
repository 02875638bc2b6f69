package kb.ingest.samples;

import java.awt.Color;
import java.awt.Font;
import java.awt.Graphics2D;
import java.awt.RenderingHints;
import java.awt.image.BufferedImage;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.zip.ZipEntry;
import java.util.zip.ZipInputStream;
import java.util.zip.ZipOutputStream;
import kb.core.Json;
import org.apache.pdfbox.pdmodel.PDDocument;
import org.apache.pdfbox.pdmodel.PDPage;
import org.apache.pdfbox.pdmodel.PDPageContentStream;
import org.apache.pdfbox.pdmodel.common.PDRectangle;
import org.apache.pdfbox.pdmodel.encryption.AccessPermission;
import org.apache.pdfbox.pdmodel.encryption.StandardProtectionPolicy;
import org.apache.pdfbox.pdmodel.font.PDType1Font;
import org.apache.pdfbox.pdmodel.font.Standard14Fonts;
import org.apache.pdfbox.pdmodel.graphics.image.LosslessFactory;
import org.apache.pdfbox.pdmodel.graphics.image.PDImageXObject;
import org.apache.poi.xslf.usermodel.XMLSlideShow;
import org.apache.poi.xslf.usermodel.XSLFSlide;
import org.apache.poi.xssf.usermodel.XSSFRow;
import org.apache.poi.xssf.usermodel.XSSFSheet;
import org.apache.poi.xssf.usermodel.XSSFWorkbook;
import org.apache.poi.xwpf.usermodel.XWPFDocument;
import org.apache.poi.xwpf.usermodel.XWPFParagraph;
import org.apache.poi.xwpf.usermodel.XWPFStyle;
import org.apache.poi.xwpf.usermodel.XWPFStyles;
import org.openxmlformats.schemas.wordprocessingml.x2006.main.CTStyle;
import org.openxmlformats.schemas.wordprocessingml.x2006.main.STStyleType;

/** Sample documents built by the tests themselves: PDFBox for PDFs, Apache POI for Office files, JSON for notebooks. */
public final class SampleDocuments {

    private SampleDocuments() {}

    /** A PDF with one page per text (each line of a text on its own line of the page), titled by its metadata. */
    public static Path pdf(Path file, String title, List<String> pages) throws IOException {
        try (PDDocument document = pdfDocument(title, pages)) {
            Files.createDirectories(file.getParent());
            document.save(file.toFile());
        }
        return file;
    }

    /** A PDF that needs a password to be opened. */
    public static Path encryptedPdf(Path file, String text) throws IOException {
        try (PDDocument document = pdfDocument("Secret", List.of(text))) {
            StandardProtectionPolicy policy =
                    new StandardProtectionPolicy("owner-pw", "user-pw", new AccessPermission());
            policy.setEncryptionKeyLength(128);
            document.protect(policy);
            Files.createDirectories(file.getParent());
            document.save(file.toFile());
        }
        return file;
    }

    /** A PDF of blank pages, as a scan without a text layer looks to a text extractor. */
    public static Path scannedPdf(Path file, int pages) throws IOException {
        try (PDDocument document = new PDDocument()) {
            for (int i = 0; i < pages; i++) {
                document.addPage(new PDPage());
            }
            Files.createDirectories(file.getParent());
            document.save(file.toFile());
        }
        return file;
    }

    /**
     * A scanned page as a scanner makes it: the lines drawn in black on white at 300 dpi (Java2D, a serif font, which
     * draws Chinese with an installed CJK font), and only that image on the PDF's letter-size page. No text layer: only
     * OCR can read it.
     */
    public static Path imagePdf(Path file, List<String> lines) throws IOException {
        int dpi = 300;
        BufferedImage image = new BufferedImage(612 * dpi / 72, 792 * dpi / 72, BufferedImage.TYPE_BYTE_GRAY);
        Graphics2D g = image.createGraphics();
        g.setColor(Color.WHITE);
        g.fillRect(0, 0, image.getWidth(), image.getHeight());
        g.setColor(Color.BLACK);
        g.setRenderingHint(RenderingHints.KEY_TEXT_ANTIALIASING, RenderingHints.VALUE_TEXT_ANTIALIAS_ON);
        g.setFont(new Font(Font.SERIF, Font.PLAIN, 12 * dpi / 72));
        int y = dpi;
        for (String line : lines) {
            g.drawString(line, dpi, y);
            y += 18 * dpi / 72;
        }
        g.dispose();
        try (PDDocument document = new PDDocument()) {
            PDPage page = new PDPage(PDRectangle.LETTER);
            document.addPage(page);
            PDImageXObject scan = LosslessFactory.createFromImage(document, image);
            try (PDPageContentStream content = new PDPageContentStream(document, page)) {
                content.drawImage(scan, 0, 0, 612, 792);
            }
            Files.createDirectories(file.getParent());
            document.save(file.toFile());
        }
        return file;
    }

    /**
     * A two-column page, as journals print: each column's lines written one after the other (the left column first),
     * at 10 pt in Helvetica.
     */
    public static Path twoColumnPdf(Path file, String title, List<String> left, List<String> right) throws IOException {
        try (PDDocument document = new PDDocument()) {
            PDPage page = new PDPage(PDRectangle.LETTER);
            document.addPage(page);
            PDType1Font font = new PDType1Font(Standard14Fonts.FontName.HELVETICA);
            try (PDPageContentStream content = new PDPageContentStream(document, page)) {
                column(content, font, 54, left);
                column(content, font, 318, right);
            }
            document.getDocumentInformation().setTitle(title);
            Files.createDirectories(file.getParent());
            document.save(file.toFile());
        }
        return file;
    }

    private static void column(PDPageContentStream content, PDType1Font font, float x, List<String> lines)
            throws IOException {
        content.beginText();
        content.setFont(font, 10);
        content.newLineAtOffset(x, 720);
        for (String line : lines) {
            content.showText(line);
            content.newLineAtOffset(0, -13);
        }
        content.endText();
    }

    private static PDDocument pdfDocument(String title, List<String> pages) throws IOException {
        PDDocument document = new PDDocument();
        PDType1Font font = new PDType1Font(Standard14Fonts.FontName.HELVETICA);
        for (String text : pages) {
            PDPage page = new PDPage();
            document.addPage(page);
            try (PDPageContentStream content = new PDPageContentStream(document, page)) {
                content.beginText();
                content.setFont(font, 12);
                content.newLineAtOffset(72, 700);
                for (String line : text.split("\n")) {
                    content.showText(line);
                    content.newLineAtOffset(0, -16);
                }
                content.endText();
            }
        }
        document.getDocumentInformation().setTitle(title);
        return document;
    }

    /**
     * A DOCX of (heading, paragraph) pairs; headings in Word's own "heading 1" style, which is how a reader (and
     * Tika) knows them.
     *
     * @param title the document's title in its properties, or null for none
     */
    public static Path docx(Path file, String title, String... headingThenText) throws IOException {
        try (XWPFDocument document = new XWPFDocument()) {
            if (title != null) {
                document.getProperties().getCoreProperties().setTitle(title);
            }
            XWPFStyles styles = document.createStyles();
            CTStyle heading = CTStyle.Factory.newInstance();
            heading.setStyleId("Heading1");
            heading.addNewName().setVal("heading 1");
            heading.setType(STStyleType.PARAGRAPH);
            styles.addStyle(new XWPFStyle(heading));
            for (int i = 0; i + 1 < headingThenText.length; i += 2) {
                XWPFParagraph headed = document.createParagraph();
                headed.setStyle("Heading1");
                headed.createRun().setText(headingThenText[i]);
                document.createParagraph().createRun().setText(headingThenText[i + 1]);
            }
            return write(file, document::write);
        }
    }

    /** A PPTX with one text box per slide. */
    public static Path pptx(Path file, List<String> slides) throws IOException {
        try (XMLSlideShow show = new XMLSlideShow()) {
            for (String text : slides) {
                XSLFSlide slide = show.createSlide();
                slide.createTextBox().setText(text);
            }
            return write(file, show::write);
        }
    }

    /** An XLSX with one sheet of rows, each row's cells separated by {@code |} in the given strings. */
    public static Path xlsx(Path file, String sheet, List<String> rows) throws IOException {
        try (XSSFWorkbook workbook = new XSSFWorkbook()) {
            XSSFSheet s = workbook.createSheet(sheet);
            for (int r = 0; r < rows.size(); r++) {
                XSSFRow row = s.createRow(r);
                String[] cells = rows.get(r).split("\\|");
                for (int c = 0; c < cells.length; c++) {
                    row.createCell(c).setCellValue(cells[c].strip());
                }
            }
            return write(file, workbook::write);
        }
    }

    /** A notebook of cells: a cell starting with {@code code:} is a code cell (with an output), else markdown. */
    public static Path notebook(Path file, List<String> cells) throws IOException {
        StringBuilder json =
                new StringBuilder("{\"nbformat\": 4, \"nbformat_minor\": 5, \"metadata\": {}, \"cells\": [");
        for (int i = 0; i < cells.size(); i++) {
            String cell = cells.get(i);
            boolean code = cell.startsWith("code:");
            String source = code ? cell.substring(5) : cell;
            json.append(i == 0 ? "" : ",")
                    .append("{\"cell_type\": \"")
                    .append(code ? "code" : "markdown")
                    .append("\", \"metadata\": {}, \"source\": ")
                    .append(lines(source));
            if (code) {
                json.append(
                        ", \"execution_count\": 1, \"outputs\": [{\"output_type\": \"stream\", \"name\": \"stdout\","
                                + " \"text\": [\"OUTPUT-NOT-INDEXED\\n\"]}]");
            }
            json.append('}');
        }
        Files.createDirectories(file.getParent());
        Files.writeString(file, json.append("]}").toString(), StandardCharsets.UTF_8);
        return file;
    }

    private static String lines(String source) throws IOException {
        List<String> lines = source.lines().map(l -> l + "\n").toList();
        return Json.MAPPER.writeValueAsString(lines);
    }

    /**
     * A DOCX whose body part inflates a thousandfold: a few hundred kilobytes on disk, {@code megabytes} of XML once
     * unpacked, as a zip bomb does.
     */
    public static Path zipBombDocx(Path file, int megabytes) throws IOException {
        Path plain = docx(file.resolveSibling("plain-" + file.getFileName()), null, "Heading", "Text");
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (ZipInputStream in = new ZipInputStream(Files.newInputStream(plain));
                ZipOutputStream zip = new ZipOutputStream(out)) {
            for (ZipEntry entry = in.getNextEntry(); entry != null; entry = in.getNextEntry()) {
                zip.putNextEntry(new ZipEntry(entry.getName()));
                byte[] bytes = in.readAllBytes();
                if (entry.getName().equals("word/document.xml")) {
                    String xml = new String(bytes, StandardCharsets.UTF_8);
                    int body = xml.indexOf("<w:body>") + "<w:body>".length();
                    zip.write(xml.substring(0, body).getBytes(StandardCharsets.UTF_8));
                    byte[] padding = " ".repeat(1 << 20).getBytes(StandardCharsets.UTF_8);
                    for (int i = 0; i < megabytes; i++) {
                        zip.write(padding);
                    }
                    zip.write(xml.substring(body).getBytes(StandardCharsets.UTF_8));
                } else {
                    zip.write(bytes);
                }
                zip.closeEntry();
            }
        }
        Files.delete(plain);
        Files.write(file, out.toByteArray());
        return file;
    }

    private interface Writing {
        void to(OutputStream out) throws IOException;
    }

    private static Path write(Path file, Writing writing) throws IOException {
        Files.createDirectories(file.getParent());
        try (OutputStream out = Files.newOutputStream(file)) {
            writing.to(out);
        }
        return file;
    }
}

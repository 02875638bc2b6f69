package kb.tools.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import kb.core.Ids;
import kb.ingest.extract.Extraction;
import kb.ingest.extract.ExtractionLimits;
import kb.ingest.extract.IsolatedExtractor;
import kb.tools.eval.BeirDataset;
import org.apache.pdfbox.pdmodel.PDDocument;
import org.apache.pdfbox.pdmodel.PDPage;
import org.apache.pdfbox.pdmodel.PDPageContentStream;
import org.apache.pdfbox.pdmodel.font.PDType1Font;
import org.apache.pdfbox.pdmodel.font.Standard14Fonts;

/**
 * Extraction throughput: PDFs built from the dataset's own text (one document a page), extracted by the producer's
 * isolated extractor with its default bounds, beside the baseline of reading the same text from plain files.
 */
final class ExtractionBench {

    private static final int LINE_CHARS = 90;
    private static final int LINES_PER_PAGE = 45;

    private ExtractionBench() {}

    /**
     * @param files   the PDFs built
     * @param pages   their pages in all
     * @param seconds extracting every one, the extractor process already started (its start is {@code startSeconds})
     * @param textSeconds the baseline: reading the same text as plain files, as the producer reads text files
     */
    record Figures(
            List<Path> files,
            int pages,
            long bytes,
            long chars,
            double startSeconds,
            double seconds,
            double textSeconds,
            int heapMb) {}

    static Figures run(List<BeirDataset.Document> corpus, Path folder, int documents, int pagesEach)
            throws IOException {
        Files.createDirectories(folder);
        List<Path> pdfs = new ArrayList<>();
        List<Path> texts = new ArrayList<>();
        int next = 0;
        int pages = 0;
        for (int d = 0; d < documents; d++) {
            List<String> pageTexts = new ArrayList<>();
            for (int p = 0; p < pagesEach; p++) {
                BeirDataset.Document source = corpus.get(next++ % corpus.size());
                pageTexts.add(latin1(source.title() + ". " + source.text()));
            }
            pages += pageTexts.size();
            pdfs.add(pdf(folder.resolve("manual-" + d + ".pdf"), "Manual " + d, pageTexts));
            Path text = folder.resolve("text/manual-" + d + ".txt");
            Files.createDirectories(text.getParent());
            texts.add(Files.writeString(text, String.join("\n\n", pageTexts)));
        }
        ExtractionLimits limits = ExtractionLimits.defaults(10L * 1024 * 1024);
        try (IsolatedExtractor extractor = new IsolatedExtractor(limits)) {
            long t0 = System.nanoTime();
            extract(extractor, pdfs.get(0)); // starts the process and loads the parsers
            double start = (System.nanoTime() - t0) / 1e9;
            long t1 = System.nanoTime();
            long chars = 0;
            for (Path pdf : pdfs) {
                chars += extract(extractor, pdf);
            }
            double seconds = (System.nanoTime() - t1) / 1e9;
            long t2 = System.nanoTime();
            for (Path text : texts) {
                Ids.sha256Hex(Files.readAllBytes(text));
            }
            double textSeconds = (System.nanoTime() - t2) / 1e9;
            long bytes = 0;
            for (Path pdf : pdfs) {
                bytes += Files.size(pdf);
            }
            return new Figures(pdfs, pages, bytes, chars, start, seconds, textSeconds, limits.heapMb());
        }
    }

    private static long extract(IsolatedExtractor extractor, Path pdf) {
        Extraction result = extractor.extract(pdf, "pdf");
        if (result instanceof Extraction.Done done) {
            return done.text().chars();
        }
        throw new IllegalStateException(pdf + ": " + ((Extraction.Failed) result).message());
    }

    static void report(BenchReport report, Figures figures, double firstIndexSeconds, double corpusSeconds) {
        report.section("Extraction (" + figures.files().size() + " PDFs, " + figures.pages() + " pages, "
                + String.format("%.1f MB", figures.bytes() / 1e6) + ")");
        report.add("| measurement | seconds | pages/s | MB/s |");
        report.add("|---|---|---|---|");
        report.add(String.format(
                "| baseline: the same text read from plain files (the producer's text path) | %.2f | %.0f | |",
                figures.textSeconds(), figures.pages() / figures.textSeconds()));
        report.add(String.format(
                "| the extractor process starting and loading Tika's parsers (once) | %.2f | | |",
                figures.startSeconds()));
        report.add(String.format(
                "| extraction in the isolated process (heap %d MB, one document at a time) | %.2f | %.1f | %.2f |",
                figures.heapMb(),
                figures.seconds(),
                figures.pages() / figures.seconds(),
                figures.bytes() / 1e6 / figures.seconds()));
        report.add(String.format(
                "| the same PDFs written into the watched folder → every chunk searchable (first index) | %.1f | %.1f"
                        + " | |",
                firstIndexSeconds, figures.pages() / firstIndexSeconds));
        report.add(String.format(
                "| extraction's share of that first index | %.0f%% | | |",
                100 * figures.seconds() / firstIndexSeconds));
        report.add(String.format(
                "(for scale: the corpus's own first index above took %.1f s; extraction memory is bounded by the"
                        + " extractor's heap, %d MB, whatever the document)",
                corpusSeconds, figures.heapMb()));
    }

    /** Standard-14 fonts encode WinAnsi only: other characters become spaces. */
    private static String latin1(String text) {
        StringBuilder out = new StringBuilder(text.length());
        text.codePoints().forEach(c -> out.append(c >= 32 && c < 127 || c >= 160 && c < 256 ? (char) c : ' '));
        return out.toString();
    }

    private static Path pdf(Path file, String title, List<String> pages) throws IOException {
        try (PDDocument document = new PDDocument()) {
            document.getDocumentInformation().setTitle(title);
            PDType1Font font = new PDType1Font(Standard14Fonts.FontName.HELVETICA);
            for (String text : pages) {
                PDPage page = new PDPage();
                document.addPage(page);
                try (PDPageContentStream content = new PDPageContentStream(document, page)) {
                    content.beginText();
                    content.setFont(font, 10);
                    content.setLeading(14);
                    content.newLineAtOffset(50, 740);
                    for (String line : wrap(text)) {
                        content.showText(line);
                        content.newLine();
                    }
                    content.endText();
                }
            }
            document.save(file.toFile());
        }
        return file;
    }

    private static List<String> wrap(String text) {
        List<String> lines = new ArrayList<>();
        StringBuilder line = new StringBuilder();
        for (String word : text.split("\\s+")) {
            if (line.length() + word.length() + 1 > LINE_CHARS && !line.isEmpty()) {
                lines.add(line.toString());
                line.setLength(0);
            }
            if (lines.size() == LINES_PER_PAGE) {
                return lines;
            }
            line.append(line.isEmpty() ? "" : " ")
                    .append(word.length() > LINE_CHARS ? word.substring(0, LINE_CHARS) : word);
        }
        if (!line.isEmpty() && lines.size() < LINES_PER_PAGE) {
            lines.add(line.toString());
        }
        return lines;
    }
}

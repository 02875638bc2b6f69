package kb.tools.eval;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.text.Normalizer;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import kb.core.ExtractedText;
import kb.core.Location;
import kb.ingest.extract.Extraction;
import kb.ingest.extract.ExtractionLimits;
import kb.ingest.extract.Extractor;
import kb.ingest.extract.IsolatedExtractor;

/**
 * "PDF words intact": of the words our extractor gives for each page of each PDF of a folder, the share that are
 * words of the same page as poppler's {@code pdftotext} reads it, an extraction independent of ours (PDFBox).
 * A glued word ({@code ratherthan}), the half of a word split at a line end ({@code schedul}) or an unfolded
 * ligature is not a word of the page; a word both read alike is. Only words of Latin letters are counted: the
 * two extractions cut Chinese text and formulas differently, which says nothing about either.
 *
 * <p>The reference page's words are its {@code pdftotext} words, with a word hyphenated across a line end joined,
 * and the halves of such a word counted only where the document also has them elsewhere (so a real compound,
 * {@code two-column}, stays a word while {@code schedul} does not).
 */
public final class PdfWordsIntact {

    private static final Pattern WORD = Pattern.compile("\\p{IsLatin}+");
    private static final Pattern LINE_END_HYPHEN = Pattern.compile("(\\p{IsLatin}+)-\\n(\\p{IsLatin}+)");
    private static final int SAMPLES = 40;

    /** A folder's figure: words counted, words intact, and a sample of the words that were not. */
    public record Figure(int pdfs, int pages, long words, long intact, List<String> broken, List<String> failed) {

        public double share() {
            return words == 0 ? 1.0 : (double) intact / words;
        }

        @Override
        public String toString() {
            return String.format(
                    Locale.ROOT,
                    "PDF words intact: %.2f %% (%d of %d words, %d pages of %d PDFs, against pdftotext)%s",
                    100.0 * share(),
                    intact,
                    words,
                    pages,
                    pdfs,
                    failed.isEmpty() ? "" : "; not extracted: " + String.join(", ", failed));
        }
    }

    private PdfWordsIntact() {}

    /** Measures every PDF under {@code kbDir} through the extractor the pipeline uses, in a child process. */
    public static Figure measure(Path kbDir) throws IOException, InterruptedException {
        // A measure, not the watcher: a long manual on a busy machine must not time out of the figure.
        ExtractionLimits limits = new ExtractionLimits(
                Duration.ofMinutes(10),
                ExtractionLimits.DEFAULT_HEAP_MB,
                ExtractionLimits.DEFAULT_MAX_DOCUMENT_BYTES,
                64L << 20,
                false);
        try (Extractor extractor = new IsolatedExtractor(limits)) {
            return measure(kbDir, extractor);
        }
    }

    static Figure measure(Path kbDir, Extractor extractor) throws IOException, InterruptedException {
        List<Path> pdfs;
        try (Stream<Path> files = Files.walk(kbDir)) {
            pdfs = files.filter(f ->
                            f.getFileName().toString().toLowerCase(Locale.ROOT).endsWith(".pdf"))
                    .sorted()
                    .toList();
        }
        long words = 0;
        long intact = 0;
        int pages = 0;
        List<String> broken = new ArrayList<>();
        List<String> failed = new ArrayList<>();
        for (Path pdf : pdfs) {
            Extraction extraction = extractor.extract(pdf, "pdf");
            if (!(extraction instanceof Extraction.Done done)) {
                failed.add(kbDir.relativize(pdf) + " (" + ((Extraction.Failed) extraction).message() + ")");
                continue;
            }
            List<String> reference = popplerPages(pdf);
            Set<String> elsewhere =
                    words(String.join("\n", reference).replaceAll("\\p{IsLatin}+-\\n\\p{IsLatin}+", " "));
            for (Map.Entry<Integer, String> page : ourPages(done.text()).entrySet()) {
                int index = page.getKey() - 1;
                Set<String> known = index < reference.size() ? pageWords(reference.get(index), elsewhere) : Set.of();
                pages++;
                for (String word : tokens(page.getValue())) {
                    words++;
                    if (known.contains(word)) {
                        intact++;
                    } else if (broken.size() < SAMPLES * 50) {
                        broken.add(word + " (" + kbDir.relativize(pdf) + " p." + page.getKey() + ")");
                    }
                }
            }
        }
        return new Figure(pdfs.size(), pages, words, intact, sample(broken), failed);
    }

    /** Every 50th broken word: a sample across the folder rather than the first document's. */
    private static List<String> sample(List<String> broken) {
        List<String> out = new ArrayList<>();
        for (int i = 0; i < broken.size() && out.size() < SAMPLES; i += Math.max(1, broken.size() / SAMPLES)) {
            out.add(broken.get(i));
        }
        return out;
    }

    private static Map<Integer, String> ourPages(ExtractedText text) {
        Map<Integer, String> pages = new HashMap<>();
        for (ExtractedText.Block block : text.blocks()) {
            if (block.unit() == Location.Unit.PAGE) {
                pages.merge(block.number(), block.text(), (a, b) -> a + "\n" + b);
            }
        }
        return pages;
    }

    /** The page's words: its hyphenated line ends joined, their halves only where the document has them too. */
    static Set<String> pageWords(String page, Set<String> documentWords) {
        Set<String> known = new HashSet<>();
        Matcher hyphen = LINE_END_HYPHEN.matcher(page);
        StringBuilder rest = new StringBuilder();
        while (hyphen.find()) {
            known.addAll(tokens(hyphen.group(1) + hyphen.group(2)));
            for (String half : tokens(hyphen.group(1) + " " + hyphen.group(2))) {
                if (documentWords.contains(half)) {
                    known.add(half);
                }
            }
            hyphen.appendReplacement(rest, " ");
        }
        hyphen.appendTail(rest);
        known.addAll(tokens(rest.toString()));
        return known;
    }

    private static Set<String> words(String text) {
        return new HashSet<>(tokens(text));
    }

    static List<String> tokens(String text) {
        List<String> out = new ArrayList<>();
        Matcher m = WORD.matcher(text);
        while (m.find()) {
            out.add(m.group().toLowerCase(Locale.ROOT));
        }
        return out;
    }

    /** The document's pages as {@code pdftotext} reads them (pages end with a form feed); ligatures folded. */
    static List<String> popplerPages(Path pdf) throws IOException, InterruptedException {
        Process process = new ProcessBuilder("pdftotext", "-enc", "UTF-8", pdf.toString(), "-")
                .redirectError(ProcessBuilder.Redirect.DISCARD)
                .start();
        String text;
        try (InputStream in = process.getInputStream()) {
            text = new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
        if (!process.waitFor(5, TimeUnit.MINUTES)) {
            process.destroyForcibly();
            throw new IOException("pdftotext did not finish on " + pdf);
        }
        return List.of(Normalizer.normalize(text, Normalizer.Form.NFKC).split("\f", -1));
    }

    /**
     * The figure for a scenario folder that labels PDF pages ({@code answers-pages.tsv}); empty for any other
     * folder, and (saying why) when {@code pdftotext} (Debian's poppler-utils) is missing.
     */
    public static Optional<Figure> measureIfLabelled(Path setDir, Path kbDir) throws InterruptedException {
        if (setDir == null || !Files.isRegularFile(setDir.resolve("answers-pages.tsv"))) {
            return Optional.empty();
        }
        try {
            return Optional.of(measure(kbDir));
        } catch (IOException e) {
            System.out.println(
                    "PDF words intact: not measured (" + e.getMessage() + "; it needs pdftotext, from poppler-utils)");
            return Optional.empty();
        }
    }

    /** {@code java kb.tools.eval.PdfWordsIntact DIR}: prints the figure and a sample of the broken words. */
    public static void main(String[] args) throws Exception {
        Figure figure = measure(Path.of(args[0]));
        figure.broken().forEach(w -> System.out.println("  not on the page: " + w));
        System.out.println(figure);
    }
}

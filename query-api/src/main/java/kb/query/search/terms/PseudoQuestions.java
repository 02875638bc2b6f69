package kb.query.search.terms;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import kb.search.es.ChunkDoc;

/**
 * Questions the corpus asks of itself, each with the document that answers it: the ground truth the fusion is
 * fitted on, so that no evaluation question (and no person's taste) chooses the weights. A deterministic function
 * of the chunks: documents and chunks are picked by a hash of their ids, never by index order or time, so two
 * indexes of the same files give the same questions.
 *
 * <p>Kinds, one per document, chosen by the document id's hash (the next kind when one does not apply): the title;
 * a section header; the chunk's keywords; a rare-looking identifier of the text ({@code maxTotal}, {@code ERR_X},
 * {@code 0x1f}); a sentence of the text without its rarer half of words and with its halves swapped, a
 * crude paraphrase that neither arm can match as written.
 */
public final class PseudoQuestions {

    /** What a pseudo-question was made from (shown in the status, per kind). */
    public enum Kind {
        TITLE,
        SECTION,
        KEYWORDS,
        IDENTIFIER,
        SENTENCE
    }

    /** One pseudo-question and the document it comes from. */
    public record Question(String text, String docId, Kind kind) {}

    private static final Pattern IDENTIFIER =
            Pattern.compile("(?<![\\p{L}\\p{N}_])(?=[\\p{L}\\p{N}_.:-]*(?:\\p{Ll}\\p{Lu}|_|\\p{L}\\p{N}|\\p{N}\\p{L}))"
                    + "[\\p{L}\\p{N}][\\p{L}\\p{N}_.:-]{3,40}[\\p{L}\\p{N}]");
    private static final Pattern SENTENCE_END = Pattern.compile("(?<=[.!?。！？])\\s*|\\n+");
    private static final int MIN_SENTENCE_WORDS = 5;
    private static final int MAX_SENTENCE_WORDS = 30;

    private PseudoQuestions() {}

    /**
     * Up to {@code max} questions, one per document: the documents with the smallest id hashes, each asked
     * about its chunk with the smallest id hash; a question made for more than one document is left out.
     */
    public static List<Question> of(List<ChunkDoc> chunks, int max) {
        Map<String, Long> frequencies = wordChunks(chunks);
        Map<String, ChunkDoc> byDocument = new LinkedHashMap<>();
        chunks.stream()
                .sorted(Comparator.comparingLong((ChunkDoc c) -> hash(c.chunkId()))
                        .thenComparing(ChunkDoc::chunkId))
                .forEach(c -> byDocument.putIfAbsent(c.docId(), c));
        List<Question> questions = new ArrayList<>();
        byDocument.values().stream()
                .sorted(Comparator.comparingLong((ChunkDoc c) -> hash(c.docId()))
                        .thenComparing(ChunkDoc::docId))
                .forEach(chunk -> {
                    if (questions.size() < max) {
                        ask(chunk, frequencies).ifPresent(questions::add);
                    }
                });
        Map<String, Long> asked =
                questions.stream().collect(Collectors.groupingBy(Question::text, Collectors.counting()));
        // A question asked of two documents (pages sharing a title or a text) has no one answer to score.
        return questions.stream().filter(q -> asked.get(q.text()) == 1).toList();
    }

    private static Optional<Question> ask(ChunkDoc chunk, Map<String, Long> frequencies) {
        Kind[] kinds = Kind.values();
        int first = (int) (hash(chunk.docId()) % kinds.length);
        for (int i = 0; i < kinds.length; i++) {
            Kind kind = kinds[(first + i) % kinds.length];
            String text = question(kind, chunk, frequencies);
            if (text != null && !text.isBlank()) {
                return Optional.of(new Question(text.strip(), chunk.docId(), kind));
            }
        }
        return Optional.empty();
    }

    static String question(Kind kind, ChunkDoc chunk, Map<String, Long> frequencies) {
        return switch (kind) {
            case TITLE -> blankToNull(chunk.title());
            case SECTION -> section(chunk);
            case KEYWORDS ->
                chunk.keywords() == null || chunk.keywords().isEmpty()
                        ? null
                        : String.join(" ", chunk.keywords().stream().limit(3).toList());
            case IDENTIFIER -> identifier(chunk.text(), frequencies);
            case SENTENCE -> sentence(chunk.text(), frequencies);
        };
    }

    /** The last part of the section path, when it says more than the title. */
    private static String section(ChunkDoc chunk) {
        String header = blankToNull(chunk.sectionHeader());
        if (header == null) {
            return null;
        }
        String[] parts = header.split("\\s*>\\s*");
        String last = parts[parts.length - 1].replaceAll("^#+\\s*", "").strip();
        return last.length() < 3 || last.equalsIgnoreCase(chunk.title()) ? null : last;
    }

    /**
     * An identifier of the text with the two commonest content words of its chunk, as someone asks about an error
     * code or a setting ("err4040 connection pool"): the words any page of the kind shares, and the one word only
     * this page holds.
     */
    private static String identifier(String text, Map<String, Long> frequencies) {
        if (text == null) {
            return null;
        }
        Matcher m = IDENTIFIER.matcher(text);
        if (!m.find()) {
            return null;
        }
        String identifier = m.group();
        List<String> common = Arrays.stream(text.split("[\\s|#*`>\\[\\]()]+"))
                .map(PseudoQuestions::key)
                .filter(w -> w.length() > 2
                        && !QueryTerms.isStopword(w)
                        && !w.equalsIgnoreCase(identifier)
                        && w.chars().allMatch(Character::isLetter))
                .distinct()
                .sorted(Comparator.comparingLong((String w) -> -frequencies.getOrDefault(w, 0L))
                        .thenComparing(Comparator.naturalOrder()))
                .limit(2)
                .toList();
        return identifier + (common.isEmpty() ? "" : " " + String.join(" ", common));
    }

    /**
     * The longest sentence of fitting length, as content words (no function words, no single CJK characters),
     * with its rarer half of words dropped (by how many of the sampled chunks hold them) and the rest's halves
     * swapped: the question of someone who remembers what a page says
     * but not its exact terms, which is what a real question usually is. Words as written, so a sentence of
     * common words stays a fair question for both arms.
     */
    static String sentence(String text, Map<String, Long> frequencies) {
        if (text == null) {
            return null;
        }
        List<String> best = List.of();
        boolean bestCjk = false;
        for (String sentence : SENTENCE_END.split(text)) {
            boolean cjk = Script.of(sentence) == Script.CJK;
            List<String> words =
                    cjk ? CjkWords.of(sentence) : List.of(sentence.strip().split("[\\s|#*`>\\[\\]()]+"));
            words = words.stream()
                    .filter(w -> !key(w).isEmpty() && !QueryTerms.isStopword(key(w)) && (!cjk || w.length() > 1))
                    .toList();
            if (words.size() >= MIN_SENTENCE_WORDS
                    && words.size() <= MAX_SENTENCE_WORDS
                    && words.size() > best.size()) {
                best = words;
                bestCjk = cjk;
            }
        }
        if (best.isEmpty()) {
            return null;
        }
        List<String> words = best;
        List<Integer> byRarity = new ArrayList<>();
        for (int i = 0; i < words.size(); i++) {
            byRarity.add(i);
        }
        byRarity.sort(Comparator.comparingLong((Integer i) -> frequencies.getOrDefault(key(words.get(i)), 0L))
                .thenComparing(i -> i));
        Set<Integer> dropped = new HashSet<>(byRarity.subList(0, words.size() / 2));
        List<String> kept = new ArrayList<>();
        for (int i = 0; i < words.size(); i++) {
            if (!dropped.contains(i)) {
                kept.add(words.get(i));
            }
        }
        int half = kept.size() / 2;
        List<String> swapped = new ArrayList<>(kept.subList(half, kept.size()));
        swapped.addAll(kept.subList(0, half));
        return String.join(bestCjk ? "" : " ", swapped);
    }

    /** For each word (lower-cased, trimmed of punctuation), how many of the chunks hold it. */
    static Map<String, Long> wordChunks(List<ChunkDoc> chunks) {
        Map<String, Long> counts = new HashMap<>();
        for (ChunkDoc chunk : chunks) {
            if (chunk.text() == null) {
                continue;
            }
            Set<String> words = new HashSet<>();
            for (String word : chunk.text().split("[\\s|#*`>\\[\\]()]+")) {
                words.add(key(word));
            }
            if (Script.of(chunk.text()) == Script.CJK) {
                words.addAll(CjkWords.of(chunk.text()));
            }
            words.forEach(w -> counts.merge(w, 1L, Long::sum));
        }
        return counts;
    }

    private static String key(String word) {
        return word.toLowerCase(Locale.ROOT).replaceAll("^[^\\p{L}\\p{N}]+|[^\\p{L}\\p{N}]+$", "");
    }

    private static String blankToNull(String s) {
        return s == null || s.isBlank() ? null : s;
    }

    /** A stable 32-bit mix of the id's String hash (specified by the JDK, so the same on every run). */
    static long hash(String id) {
        int h = id.hashCode();
        h ^= h >>> 16;
        h *= 0x45d9f3b;
        h ^= h >>> 16;
        h *= 0x45d9f3b;
        h ^= h >>> 16;
        return Integer.toUnsignedLong(h);
    }
}

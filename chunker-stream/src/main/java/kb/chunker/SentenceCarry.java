package kb.chunker;

import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import kb.core.ExtractedText;
import kb.core.Hyphenation;

/**
 * Where a chunk of a PDF may end: a PDF's blocks end where a column or a page ends, mid-sentence and, after a
 * hyphen, mid-word ({@code au-} then {@code thors are advised ...}). A chunk that started there would start with a
 * word's tail, which neither BM25 nor a reader can match, and cite half a sentence. So when a chunk would end at a
 * block that does not end its sentence, and the next block goes on in lower case, the next block's words up to the
 * end of their sentence are carried into the chunk (at most {@link #CARRY_SHARE} of the cap past it), and a word
 * hyphenated across the break is joined back as the producer joins one across a line end.
 */
final class SentenceCarry {

    /** The carry is at most the cap divided by this: a chunk runs at most a fifth past the cap to end its sentence. */
    static final int CARRY_SHARE = 5;

    /** A sentence's end: its mark, closing quotes or brackets, a space, then what may start a sentence. */
    private static final Pattern SENTENCE_END =
            Pattern.compile("[.!?][\"'\u2019\u201D)\\]]*(?=\\s+[\\p{Lu}\\p{N}\"'\u2018\u201C(\\[\\\\•\u2022-])");
    /** What ends a sentence, a clause of a list or a line of its own ({@code Options:}, {@code a;}). */
    private static final Pattern ENDS_SENTENCE = Pattern.compile("[.!?:;][\"'\u2019\u201D)\\]]*\\s*$");

    private static final Pattern BROKEN_WORD = Pattern.compile("\\p{L}[-\u00AD\u2010]$");
    private static final Pattern WORD = Pattern.compile("\\p{L}+(?:-\\p{L}+)*");

    /** The head of a block carried to the chunk before, and the rest that starts the next chunk (either may be empty). */
    record Split(String head, String rest) {}

    private SentenceCarry() {}

    /**
     * Whether {@code next} goes on with the sentence {@code previous} leaves open: {@code previous} ends without a
     * sentence's (or a list item's) mark and {@code next} starts with a lower-case letter.
     */
    static boolean continues(String previous, String next) {
        String before = previous.strip();
        String after = next.strip();
        return !before.isEmpty()
                && !after.isEmpty()
                && Character.isLowerCase(after.codePointAt(0))
                && !ENDS_SENTENCE.matcher(before).find();
    }

    /**
     * The words of {@code next} that end the sentence {@code previous} leaves open: up to its first sentence end
     * within {@code limit} characters, or all of it when it is that short; failing both, the rest of a word broken
     * at the end of {@code previous}, so that the next chunk starts at a word at least; else nothing.
     */
    static Split carry(String previous, String next, int limit) {
        String text = next.strip();
        Matcher end = SENTENCE_END.matcher(text);
        if (end.find() && end.end() <= limit) {
            return new Split(
                    text.substring(0, end.end()), text.substring(end.end()).strip());
        }
        if (text.length() <= limit) {
            return new Split(text, "");
        }
        int space = firstSpace(text);
        if (BROKEN_WORD.matcher(previous.strip()).find() && space > 0 && space <= limit) {
            return new Split(text.substring(0, space), text.substring(space).strip());
        }
        return new Split("", text);
    }

    /**
     * {@code previous} and {@code next} joined by {@code separator}, or, when a word is hyphenated across them, into
     * one word: without the hyphen ({@code au-} + {@code thors}), or with it where the document writes the word
     * with one ({@code two-} + {@code column}), as the producer decides at a line end.
     */
    static String join(String previous, String next, String separator, Set<String> vocabulary) {
        String before = previous.stripTrailing();
        String after = next.stripLeading();
        if (!BROKEN_WORD.matcher(before).find() || after.isEmpty() || !Character.isLowerCase(after.codePointAt(0))) {
            return previous + separator + next;
        }
        char hyphen = before.charAt(before.length() - 1);
        String body = before.substring(0, before.length() - 1);
        return (Hyphenation.isCompound(hyphen, body, after, vocabulary) ? body + "-" : body) + after;
    }

    /**
     * The document's words in lower case, hyphenated compounds and their halves included, but not the halves of a
     * word hyphenated across two blocks (they are what is asked about).
     */
    static Set<String> vocabulary(List<ExtractedText.Block> blocks) {
        Set<String> words = new HashSet<>();
        boolean brokenBefore = false;
        for (ExtractedText.Block block : blocks) {
            String text = block.text().strip();
            boolean broken = BROKEN_WORD.matcher(text).find();
            Matcher m = WORD.matcher(text);
            boolean first = true;
            while (m.find()) {
                boolean fragment = first && brokenBefore || broken && m.end() == text.length() - 1;
                first = false;
                if (!fragment) {
                    add(words, m.group().toLowerCase(Locale.ROOT));
                }
            }
            brokenBefore = broken;
        }
        return words;
    }

    private static void add(Set<String> words, String word) {
        words.add(word);
        if (word.indexOf('-') > 0) {
            words.addAll(List.of(word.split("-")));
        }
    }

    private static int firstSpace(String text) {
        for (int i = 0; i < text.length(); i++) {
            if (Character.isWhitespace(text.charAt(i))) {
                return i;
            }
        }
        return -1;
    }
}

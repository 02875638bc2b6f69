package kb.query.search.terms;

import java.io.IOException;
import java.io.StringReader;
import java.io.UncheckedIOException;
import java.text.Normalizer;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.apache.lucene.analysis.Tokenizer;
import org.apache.lucene.analysis.cn.smart.HMMChineseTokenizer;
import org.apache.lucene.analysis.tokenattributes.CharTermAttribute;

/**
 * The Chinese words of a question, segmented by Lucene's smartcn (a dictionary and a hidden Markov model). The
 * index keeps CJK text as characters and bigrams, so a bigram such as {@code 员的} in {@code 管理员的机器} is a
 * term of the question without being a word of it: only a term that is one segmented word is a real term.
 * Thread-safe: a tokenizer per call (the dictionaries are loaded once per process by smartcn itself).
 */
public final class CjkWords {

    private CjkWords() {}

    /** The question's segmented words that hold a CJK character, lower-cased, in order. */
    public static List<String> of(String question) {
        String text = Normalizer.normalize(question, Normalizer.Form.NFKC).toLowerCase(Locale.ROOT);
        List<String> words = new ArrayList<>();
        try (Tokenizer tokenizer = new HMMChineseTokenizer()) {
            tokenizer.setReader(new StringReader(text));
            CharTermAttribute term = tokenizer.addAttribute(CharTermAttribute.class);
            tokenizer.reset();
            while (tokenizer.incrementToken()) {
                String word = term.toString();
                if (word.codePoints().anyMatch(CjkWords::isCjk)) {
                    words.add(word);
                }
            }
            tokenizer.end();
        } catch (IOException e) {
            throw new UncheckedIOException("segmenting a string cannot fail", e);
        }
        return words;
    }

    /**
     * Whether an index term of the question is a real term: a term without CJK always is; a CJK character or
     * bigram only when it is one of the question's segmented words ({@code 理员} inside {@code 管理员} is not:
     * a piece of a longer word is as rare and as meaningless as a pair across a boundary).
     */
    static boolean isRealTerm(String term, List<String> words) {
        if (term.codePoints().noneMatch(CjkWords::isCjk)) {
            return true;
        }
        return words.contains(term);
    }

    static boolean isCjk(int codePoint) {
        Character.UnicodeScript script = Character.UnicodeScript.of(codePoint);
        return script == Character.UnicodeScript.HAN
                || script == Character.UnicodeScript.HIRAGANA
                || script == Character.UnicodeScript.KATAKANA
                || script == Character.UnicodeScript.HANGUL;
    }
}

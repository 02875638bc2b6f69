package kb.search.text;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.text.Normalizer;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Objects;
import org.apache.lucene.analysis.Analyzer;
import org.apache.lucene.analysis.LowerCaseFilter;
import org.apache.lucene.analysis.TokenStream;
import org.apache.lucene.analysis.cjk.CJKBigramFilter;
import org.apache.lucene.analysis.cjk.CJKWidthFilter;
import org.apache.lucene.analysis.en.EnglishPossessiveFilter;
import org.apache.lucene.analysis.en.PorterStemFilter;
import org.apache.lucene.analysis.standard.StandardTokenizer;
import org.apache.lucene.analysis.tokenattributes.CharTermAttribute;

/**
 * Lexical analysis done in Java, so that the index and the question go through the same code on the embedded
 * Elasticsearch (core analysis only: no smartcn, icu or analysis-common) and on a full cluster. The sink stores
 * {@link #tokens(String)} in a field analysed by Elasticsearch's {@code whitespace} analyzer; the query API sends
 * {@link #queryTokens(String)} of the question to that field in a {@code match} query.
 *
 * <p>The chain: NFKC, Lucene's {@code StandardTokenizer} (what Elasticsearch's {@code standard} tokenizer is), width
 * folding, lowercase, then every CJK character <em>and</em> every pair of adjacent CJK characters as terms. Measured
 * with BM25 on stard-zh-dev (nDCG@10, LexicalAnalyzerEval in kb-local): single characters (today) 0.369, bigrams 0.383,
 * smartcn words 0.372, smartcn words + bigrams 0.397, bigrams + characters 0.408, and 0.414 with the question's terms
 * counted once. Bigrams carry the words without a dictionary; the characters keep the recall that legal paraphrase
 * and one-character words need. smartcn was worse and seven times slower.
 *
 * <p>Outside CJK text the terms are those of {@code standard} + {@code lowercase}: {@code ERR_TIMEOUT} stays one term
 * {@code err_timeout} (UAX#29 joins on '_'), {@code kafka-streams} is {@code kafka} {@code streams}, {@code 3.7.1}
 * stays one term. With {@link English#STEMMED} English words are then reduced as Elasticsearch's {@code english}
 * analyzer does (possessive, Porter; no stop words): SciFact BM25 nDCG@10 0.661 → 0.686 (0.690 with
 * {@link #queryTokens(String)}). Changing either choice needs a
 * reindex.
 *
 * <p>Thread-safe (Lucene reuses a token stream per thread); create one per process.
 */
public final class LexicalAnalyzer {

    /** What happens to English words. */
    public enum English {
        /** As typed, lowercased: the terms of Elasticsearch's {@code standard} analyzer. */
        UNSTEMMED,
        /** Possessive {@code 's} removed and Porter-stemmed, as Elasticsearch's {@code english} analyzer minus stop words. */
        STEMMED
    }

    private static final LexicalAnalyzer FOR_INDEX = create();

    private final English english;
    private final Analyzer analyzer;

    /**
     * The chain the chunk index is built with, shared by the sink (documents) and the query API (questions).
     * Changing it changes the index format: the sink's mapping version goes up with it, which rebuilds the index.
     */
    public static LexicalAnalyzer forIndex() {
        return FOR_INDEX;
    }

    private LexicalAnalyzer(English english) {
        this.english = Objects.requireNonNull(english, "english");
        this.analyzer = chain(english);
    }

    /** The recommended analyzer: CJK bigrams and characters, English stemmed. */
    public static LexicalAnalyzer create() {
        return create(English.STEMMED);
    }

    public static LexicalAnalyzer create(English english) {
        return new LexicalAnalyzer(english);
    }

    public English english() {
        return english;
    }

    /** The terms of {@code text} in order, repeats kept (they are term frequency); empty for blank text. */
    public List<String> terms(String text) {
        String normalised = Normalizer.normalize(Objects.requireNonNull(text, "text"), Normalizer.Form.NFKC);
        List<String> out = new ArrayList<>();
        try (TokenStream stream = analyzer.tokenStream("", normalised)) {
            CharTermAttribute term = stream.addAttribute(CharTermAttribute.class);
            stream.reset();
            while (stream.incrementToken()) {
                out.add(term.toString());
            }
            stream.end();
        } catch (IOException e) {
            throw new UncheckedIOException("analysing a string cannot fail", e);
        }
        return out;
    }

    /** {@link #terms(String)} joined by single spaces, for the document field (whitespace-analysed). */
    public String tokens(String text) {
        return String.join(" ", terms(text));
    }

    /**
     * The question's distinct terms, in order, joined by single spaces. A {@code match} query adds one clause per
     * token, so a repeated character or bigram would count twice; once is better (stard-zh-dev 0.408 → 0.414,
     * SciFact unchanged).
     */
    public String queryTokens(String question) {
        return String.join(" ", new LinkedHashSet<>(terms(question)));
    }

    private static Analyzer chain(English english) {
        return new Analyzer() {
            @Override
            protected TokenStreamComponents createComponents(String field) {
                StandardTokenizer source = new StandardTokenizer();
                TokenStream stream = new CJKWidthFilter(source);
                if (english == English.STEMMED) {
                    stream = new PorterStemFilter(new LowerCaseFilter(new EnglishPossessiveFilter(stream)));
                } else {
                    stream = new LowerCaseFilter(stream);
                }
                int scripts = CJKBigramFilter.HAN
                        | CJKBigramFilter.HIRAGANA
                        | CJKBigramFilter.KATAKANA
                        | CJKBigramFilter.HANGUL;
                return new TokenStreamComponents(source, new CJKBigramFilter(stream, scripts, true));
            }
        };
    }
}

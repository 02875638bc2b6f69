package kb.tools.eval;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Function;
import kb.search.text.LexicalAnalyzer;
import kb.search.text.LexicalAnalyzer.English;
import org.apache.lucene.analysis.Analyzer;
import org.apache.lucene.analysis.LowerCaseFilter;
import org.apache.lucene.analysis.StopFilter;
import org.apache.lucene.analysis.TokenStream;
import org.apache.lucene.analysis.cjk.CJKBigramFilter;
import org.apache.lucene.analysis.cjk.CJKWidthFilter;
import org.apache.lucene.analysis.cn.smart.HMMChineseTokenizer;
import org.apache.lucene.analysis.cn.smart.SmartChineseAnalyzer;
import org.apache.lucene.analysis.core.WhitespaceAnalyzer;
import org.apache.lucene.analysis.en.EnglishAnalyzer;
import org.apache.lucene.analysis.en.EnglishPossessiveFilter;
import org.apache.lucene.analysis.en.KStemFilter;
import org.apache.lucene.analysis.en.PorterStemFilter;
import org.apache.lucene.analysis.standard.StandardTokenizer;
import org.apache.lucene.analysis.tokenattributes.CharTermAttribute;
import org.apache.lucene.document.Document;
import org.apache.lucene.document.Field;
import org.apache.lucene.document.StoredField;
import org.apache.lucene.document.TextField;
import org.apache.lucene.index.DirectoryReader;
import org.apache.lucene.index.IndexWriter;
import org.apache.lucene.index.IndexWriterConfig;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.search.Query;
import org.apache.lucene.search.ScoreDoc;
import org.apache.lucene.search.similarities.BM25Similarity;
import org.apache.lucene.store.ByteBuffersDirectory;
import org.apache.lucene.util.QueryBuilder;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;

/**
 * Offline BM25 comparison of the {@link LexicalAnalyzer} chains, as Elasticsearch will score them: each document's
 * {@code title + " " + text} is pre-tokenised in Java and indexed with the whitespace analyzer, the question's tokens
 * become a {@code match} query (one SHOULD clause per token, as Elasticsearch builds it), BM25 k1=1.2 b=0.75. Not a
 * unit test: it reads whole datasets, so it runs only when asked for, e.g.
 *
 * <pre>
 * mvn -q -B test -pl kb-tools -am -Dtest=LexicalAnalyzerEval -Dsurefire.failIfNoSpecifiedTests=false \
 *     -Dkb.eval.stard=/work/shared/data/stard-zh-dev -Dkb.eval.scifact=/work/shared/data/scifact
 * </pre>
 */
class LexicalAnalyzerEval {

    /** How the documents and the question are turned into whitespace-separated terms. */
    private record Variant(Function<String, String> document, Function<String, String> question) {
        static Variant same(Function<String, String> analysis) {
            return new Variant(analysis, analysis);
        }

        static Variant of(LexicalAnalyzer analyzer) {
            return new Variant(analyzer::tokens, analyzer::queryTokens);
        }
    }

    @Test
    @EnabledIfSystemProperty(named = "kb.eval.stard", matches = ".+")
    void shouldReportChineseChains() throws IOException {
        BeirDataset data = BeirDataset.load(Path.of(System.getProperty("kb.eval.stard")));
        Map<String, Variant> variants = new LinkedHashMap<>();
        variants.put("characters (standard, today)", Variant.same(joiner(standard())));
        variants.put("bigrams", Variant.same(joiner(bigrams(false))));
        variants.put("bigrams+characters", Variant.same(joiner(bigrams(true))));
        Function<String, String> words = joiner(smartcnWords());
        variants.put("smartcn words", Variant.same(words));
        Function<String, String> bigrams = joiner(bigrams(false));
        variants.put("smartcn words+bigrams", Variant.same(t -> words.apply(t) + " " + bigrams.apply(t)));
        variants.put("LexicalAnalyzer UNSTEMMED", Variant.of(LexicalAnalyzer.create(English.UNSTEMMED)));
        variants.put("LexicalAnalyzer STEMMED", Variant.of(LexicalAnalyzer.create()));
        report(data, variants);
    }

    @Test
    @EnabledIfSystemProperty(named = "kb.eval.scifact", matches = ".+")
    void shouldReportEnglishStemming() throws IOException {
        BeirDataset data = BeirDataset.load(Path.of(System.getProperty("kb.eval.scifact")));
        Map<String, Variant> variants = new LinkedHashMap<>();
        variants.put("standard+lowercase", Variant.same(joiner(standard())));
        variants.put("+possessive+porter", Variant.same(joiner(stemmed(PorterStemFilter::new))));
        variants.put("+possessive+kstem", Variant.same(joiner(stemmed(KStemFilter::new))));
        variants.put("EnglishAnalyzer (stop+porter)", Variant.same(joiner(new EnglishAnalyzer())));
        variants.put("LexicalAnalyzer UNSTEMMED", Variant.of(LexicalAnalyzer.create(English.UNSTEMMED)));
        variants.put("LexicalAnalyzer STEMMED", Variant.of(LexicalAnalyzer.create()));
        report(data, variants);
    }

    private static void report(BeirDataset data, Map<String, Variant> variants) throws IOException {
        System.out.printf(
                Locale.ROOT,
                "%n%s: %d docs, %d queries%n",
                data.name(),
                data.corpus().size(),
                data.queries().size());
        System.out.printf(
                Locale.ROOT, "%-32s %8s %8s %8s %10s %10s%n", "chain", "nDCG@10", "R@100", "MRR@10", "MB/s", "ktok/s");
        for (Map.Entry<String, Variant> variant : variants.entrySet()) {
            Function<String, String> tokens = variant.getValue().document();
            List<String> texts =
                    data.corpus().stream().map(d -> d.title() + " " + d.text()).toList();
            texts.forEach(tokens::apply); // warm-up: JIT and smartcn dictionaries
            long bytes = texts.stream()
                    .mapToLong(t -> t.getBytes(StandardCharsets.UTF_8).length)
                    .sum();
            List<String> analysed = List.of();
            double seconds = Double.MAX_VALUE;
            for (int pass = 0; pass < 3; pass++) { // the fastest of three: other builds share the machine
                long started = System.nanoTime();
                analysed = texts.stream().map(tokens).toList();
                seconds = Math.min(seconds, (System.nanoTime() - started) / 1e9);
            }
            long count = analysed.stream()
                    .mapToLong(LexicalAnalyzerEval::countTokens)
                    .sum();
            Map<String, Double> metrics =
                    score(data, analysed, variant.getValue().question());
            System.out.printf(
                    Locale.ROOT,
                    "%-32s %8.4f %8.4f %8.4f %10.2f %10.0f%n",
                    variant.getKey(),
                    metrics.get("ndcg@10"),
                    metrics.get("recall@100"),
                    metrics.get("mrr@10"),
                    bytes / 1e6 / seconds,
                    count / 1e3 / seconds);
        }
    }

    private static Map<String, Double> score(
            BeirDataset data, List<String> analysed, Function<String, String> analyseQuestion) throws IOException {
        BM25Similarity bm25 = new BM25Similarity(1.2f, 0.75f);
        WhitespaceAnalyzer whitespace = new WhitespaceAnalyzer();
        try (ByteBuffersDirectory dir = new ByteBuffersDirectory()) {
            try (IndexWriter writer = new IndexWriter(dir, new IndexWriterConfig(whitespace).setSimilarity(bm25))) {
                for (int i = 0; i < analysed.size(); i++) {
                    Document doc = new Document();
                    doc.add(new StoredField("id", data.corpus().get(i).id()));
                    doc.add(new TextField("lex", analysed.get(i), Field.Store.NO));
                    writer.addDocument(doc);
                }
            }
            try (DirectoryReader reader = DirectoryReader.open(dir)) {
                IndexSearcher searcher = new IndexSearcher(reader);
                searcher.setSimilarity(bm25);
                QueryBuilder builder = new QueryBuilder(whitespace);
                RankingMetrics metrics = new RankingMetrics();
                for (Map.Entry<String, String> question : data.queries().entrySet()) {
                    Query query = builder.createBooleanQuery("lex", analyseQuestion.apply(question.getValue()));
                    List<String> ranked = new ArrayList<>();
                    if (query != null) {
                        for (ScoreDoc hit : searcher.search(query, 100).scoreDocs) {
                            ranked.add(searcher.storedFields().document(hit.doc).get("id"));
                        }
                    }
                    metrics.add(ranked, data.qrels().get(question.getKey()));
                }
                return metrics.summary();
            }
        }
    }

    private static long countTokens(String joined) {
        return joined.isEmpty() ? 0 : joined.chars().filter(c -> c == ' ').count() + 1;
    }

    /** Elasticsearch's standard + lowercase. */
    private static Analyzer standard() {
        return new Analyzer() {
            @Override
            protected TokenStreamComponents createComponents(String field) {
                StandardTokenizer source = new StandardTokenizer();
                return new TokenStreamComponents(source, new LowerCaseFilter(source));
            }
        };
    }

    /** standard + possessive + lowercase + a stemmer: EnglishAnalyzer minus its stop words. */
    private static Analyzer stemmed(Function<TokenStream, TokenStream> stemmer) {
        return new Analyzer() {
            @Override
            protected TokenStreamComponents createComponents(String field) {
                StandardTokenizer source = new StandardTokenizer();
                return new TokenStreamComponents(
                        source, stemmer.apply(new LowerCaseFilter(new EnglishPossessiveFilter(source))));
            }
        };
    }

    private static Analyzer bigrams(boolean unigrams) {
        return new Analyzer() {
            @Override
            protected TokenStreamComponents createComponents(String field) {
                StandardTokenizer source = new StandardTokenizer();
                return new TokenStreamComponents(
                        source,
                        new CJKBigramFilter(
                                new LowerCaseFilter(new CJKWidthFilter(source)), CJKBigramFilter.HAN, unigrams));
            }
        };
    }

    /** smartcn's HMM segmenter and its punctuation stop list, without SmartChineseAnalyzer's Porter stemming. */
    private static Analyzer smartcnWords() {
        return new Analyzer() {
            @Override
            protected TokenStreamComponents createComponents(String field) {
                HMMChineseTokenizer source = new HMMChineseTokenizer();
                return new TokenStreamComponents(
                        source, new StopFilter(new LowerCaseFilter(source), SmartChineseAnalyzer.getDefaultStopSet()));
            }
        };
    }

    private static Function<String, String> joiner(Analyzer analyzer) {
        return text -> {
            List<String> out = new ArrayList<>();
            try (TokenStream stream = analyzer.tokenStream("", text)) {
                CharTermAttribute term = stream.addAttribute(CharTermAttribute.class);
                stream.reset();
                while (stream.incrementToken()) {
                    out.add(term.toString());
                }
                stream.end();
            } catch (IOException e) {
                throw new IllegalStateException(e);
            }
            return String.join(" ", out);
        };
    }
}

package kb.search.text;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import kb.search.text.LexicalAnalyzer.English;
import org.apache.lucene.analysis.Analyzer;
import org.apache.lucene.analysis.CharArraySet;
import org.apache.lucene.analysis.TokenStream;
import org.apache.lucene.analysis.en.EnglishAnalyzer;
import org.apache.lucene.analysis.standard.StandardAnalyzer;
import org.apache.lucene.analysis.tokenattributes.CharTermAttribute;
import org.junit.jupiter.api.Test;

class LexicalAnalyzerTest {

    private static final String ENGLISH = "The broker's ERR_TIMEOUT after HTTP 429: kafka-streams 3.7.1 retries, "
            + "then the consumers stopped polling (see KB-1234 and user@example.com).";

    private final LexicalAnalyzer unstemmed = LexicalAnalyzer.create(English.UNSTEMMED);
    private final LexicalAnalyzer stemmed = LexicalAnalyzer.create();

    @Test
    void shouldPairAndKeepChineseCharactersAndKeepIdentifiersWhole() {
        assertEquals(
                List.of(
                        "支",
                        "支付",
                        "付",
                        "付网",
                        "网",
                        "网关",
                        "关",
                        "关超",
                        "超",
                        "超时",
                        "时",
                        "err_timeout",
                        "返",
                        "返回",
                        "回",
                        "http",
                        "429"),
                unstemmed.terms("支付网关超时 ERR_TIMEOUT 返回 HTTP 429"));
        assertEquals("商 商户 户 户密 密 密钥 钥 钥轮 轮 轮换 换", unstemmed.tokens("商户密钥轮换"));
    }

    @Test
    void shouldMatchWhatTheUserTypesWhenTheTextIsFullWidth() {
        assertEquals(unstemmed.terms("错误码 ERR_TIMEOUT 429"), unstemmed.terms("错误码　ＥＲＲ＿ＴＩＭＥＯＵＴ　４２９"));
    }

    @Test
    void shouldLeaveEnglishAsTheStandardAnalyzerDoesWhenUnstemmed() throws IOException {
        assertEquals(terms(new StandardAnalyzer(CharArraySet.EMPTY_SET), ENGLISH), unstemmed.terms(ENGLISH));
        assertTrue(unstemmed
                .terms(ENGLISH)
                .containsAll(List.of("err_timeout", "kafka", "streams", "3.7.1", "kb", "1234")));
    }

    @Test
    void shouldStemEnglishAsTheEnglishAnalyzerDoesWithoutStopWords() throws IOException {
        assertEquals(terms(new EnglishAnalyzer(CharArraySet.EMPTY_SET), ENGLISH), stemmed.terms(ENGLISH));
        assertTrue(stemmed.terms(ENGLISH)
                .containsAll(List.of("broker", "err_timeout", "stream", "consum", "poll", "3.7.1")));
        assertEquals("支 支付 付 err_timeout", stemmed.tokens("支付 ERR_TIMEOUT"));
    }

    @Test
    void shouldCountEachQuestionTermOnceWhenQuerying() {
        assertEquals("合 合同 同 同的 的 的解 解 解除 除 除合", unstemmed.queryTokens("合同的解除合同"));
        assertEquals("", stemmed.queryTokens(" 。？ "));
        assertEquals(List.of(), stemmed.terms(""));
    }

    @Test
    void shouldGiveTheSameTermsFromManyThreads() throws Exception {
        String text = "支付网关超时 ERR_TIMEOUT 返回 HTTP 429 " + ENGLISH;
        List<String> expected = stemmed.terms(text);
        ExecutorService pool = Executors.newFixedThreadPool(4);
        try {
            List<Future<List<String>>> results = new ArrayList<>();
            for (int i = 0; i < 64; i++) {
                results.add(pool.submit(() -> stemmed.terms(text)));
            }
            for (Future<List<String>> result : results) {
                assertEquals(expected, result.get());
            }
        } finally {
            pool.shutdownNow();
        }
    }

    private static List<String> terms(Analyzer analyzer, String text) throws IOException {
        List<String> out = new ArrayList<>();
        try (analyzer;
                TokenStream stream = analyzer.tokenStream("", text)) {
            CharTermAttribute term = stream.addAttribute(CharTermAttribute.class);
            stream.reset();
            while (stream.incrementToken()) {
                out.add(term.toString());
            }
            stream.end();
        }
        return out;
    }
}

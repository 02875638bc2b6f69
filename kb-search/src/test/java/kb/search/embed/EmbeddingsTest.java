package kb.search.embed;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import kb.core.settings.Settings;
import kb.search.es.ChunkFields;
import org.junit.jupiter.api.Test;

class EmbeddingsTest {

    /** Stands in for a model: only its id and size matter to the routing. */
    private record NamedModel(String modelId, int dimensions) implements Embedder {

        @Override
        public List<float[]> embedPassages(List<String> passages) {
            return passages.stream().map(p -> new float[dimensions]).toList();
        }

        @Override
        public float[] embedQuery(String query) {
            return new float[dimensions];
        }
    }

    private static final Embedder ENGLISH = new NamedModel("en", 384);
    private static final Embedder CHINESE = new NamedModel("zh", 512);
    private final Embeddings byLanguage = Embeddings.byLanguage(ENGLISH, CHINESE);

    @Test
    void shouldEmbedAChineseChunkWithTheChineseModelIntoItsOwnField() {
        Embeddings.Space space = byLanguage.forPassage("上游银行接口在 30 秒内没有响应。先检查专线延迟，再看连接池是否耗尽。");
        assertEquals(CHINESE, space.embedder());
        assertEquals(ChunkFields.EMBEDDING_ZH, space.field());
    }

    @Test
    void shouldEmbedAnEnglishChunkWithTheEnglishModel() {
        Embeddings.Space space =
                byLanguage.forPassage("The upstream bank did not answer within 30 seconds: check the line.");
        assertEquals(ENGLISH, space.embedder());
        assertEquals(ChunkFields.EMBEDDING, space.field());
    }

    @Test
    void shouldEmbedAChineseChunkFullOfIdentifiersAndConfigurationWithTheChineseModel() {
        String chunk =
                """
                ## ERR_TIMEOUT 处理
                网关返回 HTTP 429 或 ERR_TIMEOUT 时，先检查 upstream 配置：
                ```yaml
                upstream:
                  timeout: { connect: 6, send: 6, read: 6 }
                  retries: 2
                ```
                """;
        assertEquals(CHINESE, byLanguage.forPassage(chunk).embedder());
    }

    @Test
    void shouldKeepAnEnglishPageThatQuotesAChineseWordWithTheEnglishModel() {
        assertEquals(
                ENGLISH,
                byLanguage
                        .forPassage(
                                "The gateway team calls this 限流 (rate limiting): every merchant"
                                        + " gets a token bucket of two hundred requests per second with bursts of four hundred.")
                        .embedder());
    }

    @Test
    void shouldSearchAQuestionInTheFieldsOfTheScriptsItIsWrittenIn() {
        assertEquals(List.of(byLanguage.of(Embeddings.Script.CJK)), byLanguage.forQuery("商户密钥轮换"));
        assertEquals(List.of(byLanguage.of(Embeddings.Script.CJK)), byLanguage.forQuery("ERR_TIMEOUT 是什么问题"));
        assertEquals(List.of(byLanguage.of(Embeddings.Script.LATIN)), byLanguage.forQuery("How did I install gitlab?"));
        assertEquals(
                List.of(byLanguage.of(Embeddings.Script.LATIN), byLanguage.of(Embeddings.Script.CJK)),
                byLanguage.forQuery("how do I configure the limit-count plugin 限流"));
    }

    @Test
    void shouldAlsoSearchTheChineseFieldAsAnArmOfItsOwnForAnEnglishQuestionOnly() {
        assertEquals(
                List.of(byLanguage.of(Embeddings.Script.CJK)),
                byLanguage.crossForQuery("failed to fetch data from etcd, failed to read etcd dir"));
        assertEquals(List.of(), byLanguage.crossForQuery("商户密钥轮换"));
        assertEquals(List.of(), byLanguage.crossForQuery("how do I configure the limit-count plugin 限流"));
        assertEquals(List.of(), Embeddings.single(ENGLISH).crossForQuery("failed to fetch data from etcd"));
    }

    @Test
    void shouldUseOneModelForEveryTextWhenOneIsConfigured() {
        Embeddings single = Embeddings.single(ENGLISH);
        assertEquals(ENGLISH, single.forPassage("商户密钥轮换").embedder());
        assertEquals(List.of(single.of(Embeddings.Script.LATIN)), single.forQuery("商户密钥轮换"));
        assertEquals(1, single.spaces().size());
        assertEquals("en", single.id());
        assertEquals("by-language(en,zh)", byLanguage.id());
    }

    @Test
    void shouldReadTheModelSettingWithByLanguageAsTheDefault() {
        assertEquals(Embeddings.BY_LANGUAGE, Embeddings.setting(new Settings(Map.of())));
        assertEquals(
                "bge-small-zh-v1.5-q",
                Embeddings.setting(new Settings(Map.of(Embeddings.MODEL_SETTING, "BGE-small-zh-v1.5-q"))));
        assertThrows(
                IllegalArgumentException.class,
                () -> Embeddings.setting(new Settings(Map.of(Embeddings.MODEL_SETTING, "gpt-4"))));
    }

    @Test
    void shouldNameAChunksVectorFieldByTheModelInItsKey() {
        String chinese = "上游银行接口在 30 秒内没有响应。";
        String english = "The upstream bank did not answer within 30 seconds.";
        assertEquals(ChunkFields.EMBEDDING_ZH, byLanguage.fieldOfKey(byLanguage.keyOf(chinese)));
        assertEquals(ChunkFields.EMBEDDING, byLanguage.fieldOfKey(byLanguage.keyOf(english)));
        assertTrue(byLanguage.keyOf(english).startsWith("en:"), "the model, then the text's hash");
        assertNull(byLanguage.fieldOfKey("minilm:0a1b"), "a key another model wrote");
        assertNull(byLanguage.fieldOfKey(null));
        assertEquals(
                ChunkFields.EMBEDDING,
                Embeddings.single(CHINESE).fieldOfKey(Embeddings.single(CHINESE).keyOf(chinese)));
    }
}

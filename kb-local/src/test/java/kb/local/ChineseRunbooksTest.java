package kb.local;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.time.Duration;
import java.util.List;
import kb.core.Json;
import kb.testkit.SharedInfrastructure;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The DESIGN's two Chinese runbooks (§6) with the default configuration, real services: Chinese-aware BM25
 * (characters and bigrams) puts the runbook that holds 商户密钥轮换 first, where single characters let the
 * other one win on 商 and 户; the lookup contract for 支付网关超时问题 is unchanged. With an English page beside them,
 * the corpus is mixed: each chunk is embedded by the model of its script and each question searches its own.
 */
class ChineseRunbooksTest {

    private static final Duration DEADLINE = Duration.ofSeconds(90);
    private static final String PAYMENT_ERRORS =
            """
            ---
            title: 支付网关错误码定义
            keywords: [ERR_TIMEOUT, 超时, 支付网关]
            ---
            ## ERR_TIMEOUT

            上游银行接口在 30 秒内没有响应。先检查专线延迟，再看连接池是否耗尽。

            ## ERR_SIGNATURE

            请求签名校验失败，通常是商户密钥轮换后没有同步。
            """;
    private static final String RATE_LIMIT =
            """
            ---
            title: 限流策略
            keywords: [RATE_LIMITED, 限流, token bucket]
            ---
            网关使用令牌桶，每个商户每秒 200 个请求，突发 400。触发时返回 HTTP 429 与错误码 RATE_LIMITED。
            """;
    private static PipelineHarness kb;

    @BeforeAll
    static void start() throws Exception {
        kb = new PipelineHarness();
        kb.write("runbooks/payment-errors.md", PAYMENT_ERRORS);
        kb.write("runbooks/rate-limit.md", RATE_LIMIT);
        kb.write("notes/docker.md", "# Docker Tips\n\ndbash() { docker exec -it $1 bash; }\n");
        kb.start();
        await().atMost(DEADLINE)
                .until(() ->
                        kb.indexed(List.of("notes/docker.md", "runbooks/payment-errors.md", "runbooks/rate-limit.md")));
    }

    @AfterAll
    static void stop() {
        kb.close();
    }

    @Test
    void shouldPutTheRunbookHoldingTheKeyRotationFirst() throws Exception {
        JsonNode answer = kb.search("商户密钥轮换");
        assertEquals("runbooks/payment-errors.md", PipelineHarness.paths(answer).get(0), answer.toString());
        JsonNode bm25 = kb.search("商户密钥轮换", "&arms=bm25&gate=false");
        assertEquals("runbooks/payment-errors.md", PipelineHarness.paths(bm25).get(0), bm25.toString());
    }

    @Test
    void shouldAnswerAnEnglishQuestionWhenTheRunbookHoldsItsRareTermsTogether() throws Exception {
        // The English model sees the Chinese page far below any cosine threshold: the rare terms are the evidence.
        JsonNode answer = kb.search("what does HTTP 429 mean for merchants");
        assertTrue(answer.get("found").asBoolean(), answer.toString());
        assertEquals("runbooks/rate-limit.md", PipelineHarness.paths(answer).get(0), answer.toString());
    }

    @Test
    void shouldFindNothingWhenNoWordOfTheQuestionIsInTheCorpus() throws Exception {
        JsonNode answer = kb.search("qwertyuiopzxcv");
        assertFalse(answer.get("found").asBoolean(), answer.toString());
        JsonNode repeated = kb.search("a".repeat(2000));
        assertFalse(repeated.get("found").asBoolean(), repeated.toString());
    }

    @Test
    void shouldKeepTheLookupContractForAChineseQuestionWithOneKeywordHit() throws Exception {
        JsonNode answer = kb.lookup("支付网关超时问题");
        assertTrue(answer.get("found").asBoolean(), answer.toString());
        assertEquals(
                "runbooks/payment-errors.md",
                answer.get("primary").get("source").asText());
        assertEquals("exact_L0", answer.get("primary").get("matchType").asText(), answer.toString());
        assertEquals("high", answer.get("primary").get("confidence").asText(), answer.toString());
        assertTrue(answer.get("supplement").isNull(), answer.toString());
    }

    @Test
    void shouldEmbedEachChunkByItsScriptAndAnswerEachLanguageFromItsOwnVectors() throws Exception {
        assertEquals(3, chunksWith("embedding_zh", "runbooks/"), "the three chunks of the Chinese runbooks");
        assertEquals(0, chunksWith("embedding", "runbooks/"));
        assertEquals(1, chunksWith("embedding", "notes/docker.md"), "the English page in the English field");
        JsonNode chinese = kb.search("商户密钥轮换", "&arms=vector&gate=false");
        assertEquals(
                "runbooks/payment-errors.md", PipelineHarness.paths(chinese).get(0), chinese.toString());
        JsonNode english = kb.search("open a shell inside a running container", "&arms=vector&gate=false");
        assertEquals("notes/docker.md", PipelineHarness.paths(english).get(0), english.toString());
    }

    /** Chunks under a path prefix whose vector is in {@code field}, counted in Elasticsearch. */
    private static long chunksWith(String field, String pathPrefix) throws Exception {
        String body =
                """
                {"query": {"bool": {"filter": [{"exists": {"field": "%s"}}, {"prefix": {"path": "%s"}}]}}}"""
                        .formatted(field, pathPrefix);
        var request = java.net.http.HttpRequest.newBuilder(java.net.URI.create(
                        SharedInfrastructure.get().elasticsearchUrl() + "/" + kb.prefix() + "-chunks/_count"))
                .header("Content-Type", "application/json")
                .POST(java.net.http.HttpRequest.BodyPublishers.ofString(body))
                .build();
        String response = java.net.http.HttpClient.newHttpClient()
                .send(request, java.net.http.HttpResponse.BodyHandlers.ofString())
                .body();
        return Json.MAPPER.readTree(response).get("count").asLong();
    }
}

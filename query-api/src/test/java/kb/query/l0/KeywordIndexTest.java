package kb.query.l0;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;

import java.util.List;
import kb.core.DocumentCard;
import kb.core.NoteMeta;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

class KeywordIndexTest {

    private final KeywordIndex index = new KeywordIndex();

    static DocumentCard card(String id, String path, List<String> keywords) {
        return new DocumentCard(id, "kb", path, "title " + id, keywords, null, null, "md", "h", 1, 1, 0, NoteMeta.NONE);
    }

    private List<String> paths(String query) {
        return index.lookup(query).stream().map(L0Hit::path).toList();
    }

    @BeforeEach
    void setUp() {
        index.put(card("pay", "payments/codes.md", List.of("ERR_TIMEOUT", "超时", "支付网关")));
        index.put(card("api", "dev/api.md", List.of("api", "REST")));
        index.put(card("gl", "container_gitlab/gitlab.md", List.of("gitlab", "docker compose")));
        index.publish();
    }

    @Test
    void shouldHitTheChineseFrontmatterScenario() {
        assertEquals(List.of("payments/codes.md"), paths("ERR_TIMEOUT"));
        assertEquals(List.of("payments/codes.md"), paths("err_timeout"));
        assertEquals(List.of("payments/codes.md"), paths("支付网关超时问题"));
        assertEquals(List.of("payments/codes.md"), paths("支付"));
        assertEquals(List.of(), paths("限流"));
    }

    @Test
    void shouldMatchLatinKeywordsOnlyAsWholeWords() {
        assertEquals(List.of(), paths("capital city"));
        assertEquals(List.of("dev/api.md"), paths("how do I call the API?"));
        assertEquals(List.of("container_gitlab/gitlab.md"), paths("How did I install GitLab?"));
        assertEquals(List.of("container_gitlab/gitlab.md"), paths("compose"));
    }

    @Test
    void shouldReturnExactlyTheMatchingDocumentsInPathOrder() {
        assertEquals(List.of("container_gitlab/gitlab.md", "dev/api.md"), paths("gitlab REST api"));
        assertEquals(List.of("dev/api.md", "payments/codes.md"), paths("api ERR_TIMEOUT"));
    }

    @Test
    void shouldNormaliseFullWidthAndCase() {
        assertEquals(List.of("dev/api.md"), paths("ＡＰＩ"));
    }

    @Test
    void shouldHonourDeletesAndUpdates() {
        index.remove("api");
        index.put(card("gl", "container_gitlab/gitlab.md", List.of("forgejo")));
        index.publish();
        assertEquals(List.of(), paths("api"));
        assertEquals(List.of(), paths("gitlab"));
        assertEquals(List.of("container_gitlab/gitlab.md"), paths("forgejo"));
    }

    @Test
    void shouldNeverReturnNull() {
        assertNotNull(index.lookup(""));
        assertEquals(List.of(), index.lookup("x"));
    }

    @Test
    void shouldNotTreatASingleCharacterQueryAsAPrefix() {
        assertEquals(List.of(), paths("a"));
    }

    @Test
    void shouldFindAKeywordSharedByDocumentsAndMultiWordKeywordsInsideAQuestion() {
        index.put(card("ops", "ops/runbook.md", List.of("GitLab", "on call")));
        index.publish();
        assertEquals(List.of("container_gitlab/gitlab.md", "ops/runbook.md"), paths("gitlab backup"));
        assertEquals(List.of("container_gitlab/gitlab.md"), paths("why does docker compose hang"));
        assertEquals(List.of("ops/runbook.md"), paths("who is on call tonight"));
        assertEquals(List.of(), paths("who is on calling"));
    }

    @Test
    void shouldMatchCjkKeywordsInsideLongerText() {
        assertEquals(List.of("payments/codes.md"), paths("昨天支付网关又超时了"));
    }
}

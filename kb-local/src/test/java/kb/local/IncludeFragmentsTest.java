package kb.local;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.JsonNode;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * A Hugo-style site, real services: the options a page shows live in an include fragment under {@code _common/}, so
 * only the fragment holds their words. The page that includes it is served first, the fragment just after it.
 */
class IncludeFragmentsTest {

    private static final Duration DEADLINE = Duration.ofSeconds(90);
    private static final String FRAGMENT = "site/_common/highlighting-options.md";
    private static final String INCLUDER = "site/content/syntax-highlighting.md";
    private static final String OTHER = "site/content/code-blocks.md";
    private static PipelineHarness kb;

    @BeforeAll
    static void start() throws Exception {
        kb = new PipelineHarness();
        kb.write(
                FRAGMENT,
                """
                ---
                _comment: Do not remove front matter.
                ---
                `lineNos`
                : (`any`) Display line numbers: true, false, table or inline. Default is false.

                `lineNumbersInTable`
                : (`bool`) Whether to render line numbers in a separate table column. Default is true.
                """);
        kb.write(
                INCLUDER,
                """
                ---
                title: Syntax highlighting
                ---
                Hugo highlights code with Chroma, in code fences and with the highlight shortcode.

                ## Options

                {{% include "_common/highlighting-options.md" %}}
                """);
        kb.write(
                OTHER,
                """
                ---
                title: Code block render hooks
                ---
                A render hook overrides how a fenced code block becomes HTML.
                """);
        kb.start();
        await().atMost(DEADLINE).until(() -> kb.indexed(List.of(FRAGMENT, OTHER, INCLUDER)));
    }

    @AfterAll
    static void stop() {
        kb.close();
    }

    @Test
    void shouldServeTheIncludingPageFirstWhenOnlyItsFragmentHoldsTheWords() throws Exception {
        JsonNode bm25 = kb.search("lineNumbersInTable lineNos", "&arms=bm25&gate=false");
        assertEquals(FRAGMENT, PipelineHarness.paths(bm25).get(0), bm25.toString());
        JsonNode served = kb.search("lineNumbersInTable lineNos", "&gate=false");
        List<String> paths = PipelineHarness.paths(served);
        assertEquals(List.of(INCLUDER, FRAGMENT), paths.subList(0, 2), served.toString());
    }
}

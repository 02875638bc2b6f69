package kb.chunker.notes;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

class FrontmatterParserTest {

    @Test
    void shouldParseChineseFrontmatterExactly() {
        String content =
                """
                ---
                title: 支付网关错误码定义
                keywords: [ERR_TIMEOUT, 超时, 支付网关]
                summary: 支付网关的错误码及处理方式
                owner: payments
                ---
                # 错误码

                ERR_TIMEOUT 表示上游超时。
                """;
        ParsedDocument parsed = FrontmatterParser.parse("pay/codes.md", content);
        assertTrue(parsed.hasFrontmatter());
        assertEquals("支付网关错误码定义", parsed.frontmatter().title());
        assertEquals(List.of("ERR_TIMEOUT", "超时", "支付网关"), parsed.frontmatter().keywords());
        assertEquals("支付网关的错误码及处理方式", parsed.frontmatter().summary());
        assertEquals("payments", parsed.frontmatter().metadata().get("owner"));
        assertTrue(parsed.body().startsWith("# 错误码"));
    }

    @Test
    void shouldReturnNullWithoutErrorWhenThereIsNoFrontmatter() {
        ParsedDocument parsed = FrontmatterParser.parse("a.md", "# Title\n\nbody\n");
        assertNull(parsed.frontmatter());
        assertFalse(parsed.hasFrontmatter());
        assertEquals("# Title\n\nbody\n", parsed.body());
    }

    @Test
    void shouldKeepTheWholeBodyWhenTheBlockIsUnclosed() {
        String content = "---\ntitle: Broken\nkeywords: [a, b]\n\nThe body still matters.\n";
        ParsedDocument parsed = FrontmatterParser.parse("broken.md", content);
        assertNull(parsed.frontmatter());
        assertFalse(parsed.hasFrontmatter());
        assertTrue(parsed.body().contains("The body still matters."));
    }

    @Test
    void shouldIgnoreInvalidYamlButKeepTheBody() {
        String content = "---\ntitle: [unclosed\n  : : bad\n---\nBody text.\n";
        ParsedDocument parsed = FrontmatterParser.parse("bad.md", content);
        assertNull(parsed.frontmatter());
        assertEquals("Body text.\n", parsed.body());
    }

    @Test
    void shouldSplitKeywordsGivenAsACommaString() {
        ParsedDocument parsed = FrontmatterParser.parse("k.md", "---\nkeywords: gitlab, docker ,  install\n---\nx\n");
        assertEquals(
                List.of("gitlab", "docker", "install"), parsed.frontmatter().keywords());
    }

    @Test
    void shouldRefuseAliasBombs() {
        StringBuilder yaml = new StringBuilder("---\na: &a [x,x,x,x,x,x,x,x,x,x]\n");
        for (char c = 'b'; c <= 'k'; c++) {
            char prev = (char) (c - 1);
            yaml.append(c)
                    .append(": &")
                    .append(c)
                    .append(" [*")
                    .append(prev)
                    .append(",*")
                    .append(prev)
                    .append(",*")
                    .append(prev)
                    .append(",*")
                    .append(prev)
                    .append("]\n");
        }
        yaml.append("---\nbody\n");
        ParsedDocument parsed = FrontmatterParser.parse("bomb.md", yaml.toString());
        assertNull(parsed.frontmatter());
        assertEquals("body\n", parsed.body());
    }

    @Test
    void shouldKeepADateTitleAsWrittenWhenYamlWouldReadItAsADate() {
        ParsedDocument parsed = FrontmatterParser.parse(
                "d.md",
                "---\ntitle: 2024-01-15\nkeywords: [2024-01-15, 1.10, true]\nsummary: 2024-01-15T10:00:00Z\n---\nbody\n");
        assertEquals("2024-01-15", parsed.frontmatter().title());
        assertEquals(List.of("2024-01-15", "1.10", "true"), parsed.frontmatter().keywords());
        assertEquals("2024-01-15T10:00:00Z", parsed.frontmatter().summary());
    }

    @Test
    void shouldReadAnEmptyTitleAsAbsentWhenOnlyTheKeyIsWritten() {
        assertNull(FrontmatterParser.parse("e.md", "---\ntitle:\n---\nbody\n")
                .frontmatter()
                .title());
    }

    /** What an exported note with a long embedded field looks like: 200,000 characters, over the 64K read before. */
    @Test
    void shouldReadEveryFieldOfAFrontmatterOfTwoHundredThousandCharacters() {
        String content = "---\ntitle: Pump manual\nkeywords: [ERR_PUMP_42, priming]\nnotes: \"" + "x".repeat(200_000)
                + "\"\nowner: ops\n---\n# Heading\n\nBody.\n";
        ParsedDocument parsed = FrontmatterParser.parse("pump.md", content);
        assertTrue(parsed.hasFrontmatter());
        assertNull(parsed.tooLarge());
        assertEquals("Pump manual", parsed.frontmatter().title());
        assertEquals(List.of("ERR_PUMP_42", "priming"), parsed.frontmatter().keywords());
        assertEquals("ops", parsed.frontmatter().metadata().get("owner"));
        assertTrue(parsed.body().startsWith("# Heading"));
    }

    /** Past the bound the block is not parsed whole, but the fields that name and find the note still are. */
    @Test
    void shouldKeepTitleKeywordsAndTagsWhenTheFrontmatterIsOverTheBound() {
        String content = "---\nnotes: |\n" + "  line of text\n".repeat(90_000)
                + "title: Pump manual\nkeywords:\n  - ERR_PUMP_42\n  - priming\ntags: [ops, pumps]\n"
                + "owner: ops\n---\nBody.\n";
        ParsedDocument parsed = FrontmatterParser.parse("pump.md", content);
        assertEquals("Pump manual", parsed.frontmatter().title());
        assertEquals(List.of("ERR_PUMP_42", "priming"), parsed.frontmatter().keywords());
        assertEquals(List.of("ops", "pumps"), parsed.frontmatter().tags());
        assertNull(parsed.frontmatter().metadata().get("owner"), "other fields are not read past the bound");
        assertTrue(parsed.tooLarge().startsWith("frontmatter too large: "), parsed.tooLarge());
        assertTrue(parsed.tooLarge().contains("only its title, keywords"), parsed.tooLarge());
        assertEquals("Body.\n", parsed.body());
    }
}

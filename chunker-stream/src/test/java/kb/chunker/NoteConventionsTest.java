package kb.chunker;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import kb.chunker.notes.Frontmatter;
import kb.chunker.notes.FrontmatterParser;
import kb.chunker.notes.ObsidianMarkup;
import kb.core.DocumentChunks;
import kb.core.NoteMeta;
import org.junit.jupiter.api.Test;

/** What the chunker reads of notes written in Obsidian, Logseq, Hugo or Docusaurus. */
class NoteConventionsTest {

    @Test
    void shouldReadListTagsNestedTagsAndAliases() {
        Frontmatter fm = FrontmatterParser.parse(
                        "n.md",
                        """
                ---
                title: Upgrading Postgres
                tags:
                  - postgres
                  - '#databases/sql'
                  - postgres
                  - Postgres
                aliases: [pg-upgrade, "major upgrade"]
                ---
                body
                """)
                .frontmatter();
        assertEquals(List.of("postgres", "databases/sql"), fm.tags());
        assertEquals(List.of("pg-upgrade", "major upgrade"), fm.aliases());
    }

    @Test
    void shouldSplitStringTagsOnCommasAndSpacesButAliasesOnCommasOnly() {
        Frontmatter fm = FrontmatterParser.parse(
                        "n.md",
                        """
                ---
                tags: "#linux, cli #shell"
                aliases: self hosted, self-host
                ---
                """)
                .frontmatter();
        assertEquals(List.of("linux", "cli", "shell"), fm.tags());
        assertEquals(List.of("self hosted", "self-host"), fm.aliases());
    }

    @Test
    void shouldFallBackToDescriptionThenAbstractForTheSummary() {
        assertEquals(
                "A Hugo page",
                FrontmatterParser.parse("a.md", "---\ndescription: A Hugo page\n---\nx\n")
                        .frontmatter()
                        .summary());
        assertEquals(
                "From a paper",
                FrontmatterParser.parse("a.md", "---\nabstract: From a paper\n---\nx\n")
                        .frontmatter()
                        .summary());
        assertEquals(
                "Own",
                FrontmatterParser.parse("a.md", "---\nsummary: Own\ndescription: Other\n---\nx\n")
                        .frontmatter()
                        .summary());
    }

    @Test
    void shouldReadInlineTagsButNotInCodeHeadingsOrUrls() {
        ObsidianMarkup markup = ObsidianMarkup.clean(
                """
                # Heading
                Notes on #homelab and #area/sub, not #123 nor page#anchor or C#.
                `#notatag` here
                ```
                #alsonot
                ```
                #last""");
        assertEquals(List.of("homelab", "area/sub", "last"), markup.tags());
    }

    @Test
    void shouldShowWikilinksAsTheirTextAndCollectTheirTargets() {
        ObsidianMarkup markup = ObsidianMarkup.clean(
                "See [[Other note]], [[Setup#Install|the install steps]], [[Deploy#Rollback]], ![[Diagram]] and [[#Local]].");
        assertEquals("See Other note, the install steps, Deploy > Rollback, Diagram and Local.", markup.text());
        assertEquals(List.of("Other note", "Setup", "Deploy", "Diagram"), markup.links());
    }

    @Test
    void shouldDropCommentsKeepCalloutsLabelledAndRemoveBlockIdsKeepingEveryLine() {
        String body =
                "before %%hidden%% after\n%%\nmulti\nline\n%%\n> [!warning]- Careful\n> text\nA claim ^abc123\nend";
        ObsidianMarkup markup = ObsidianMarkup.clean(body);
        assertEquals("before  after\n\n\n\n\n> **Warning:** Careful\n> text\nA claim\nend", markup.text());
        assertEquals(body.split("\n", -1).length, markup.text().split("\n", -1).length);
    }

    @Test
    void shouldLeaveWikilinkSyntaxInsideCodeAlone() {
        ObsidianMarkup markup = ObsidianMarkup.clean("`[[literal]]`\n```\n[[also literal]]\n```\n");
        assertTrue(markup.text().contains("`[[literal]]`"));
        assertTrue(markup.text().contains("[[also literal]]"));
        assertTrue(markup.links().isEmpty());
    }

    @Test
    void shouldPutTagsAliasesLinksAndPropertiesOnTheCard() {
        String content =
                """
                ---
                title: Tea login
                tags: [forgejo, git]
                aliases: tea-login
                status: draft
                authors: [ana, bo]
                nested: {a: 1}
                ---
                Log in with [[Forgejo CLI|tea]] #til
                """;
        DocumentChunks doc = new DocumentAssembler(1200).assemble(DocumentAssemblerTest.event("til/tea.md", content));
        NoteMeta notes = doc.card().notes();
        assertEquals(List.of("forgejo", "git", "til"), notes.tags());
        assertEquals(List.of("tea-login"), notes.aliases());
        assertEquals(List.of("Forgejo CLI"), notes.links());
        assertEquals(List.of("draft"), notes.properties().get("status"));
        assertEquals(List.of("ana", "bo"), notes.properties().get("authors"));
        assertFalse(notes.properties().containsKey("nested"));
        assertTrue(notes.propertyTerms().contains("status:draft"));
        assertTrue(doc.chunks().get(0).text().contains("Log in with tea #til"));
        assertEquals(Map.of(), NoteMeta.NONE.properties());
    }

    @Test
    void shouldExpandNestedTagsIntoTheirAncestorsForFilters() {
        NoteMeta notes = new NoteMeta(List.of("#Area/Sub/Leaf", "solo"), List.of(), List.of(), Map.of());
        assertEquals(List.of("area", "area/sub", "area/sub/leaf", "solo"), notes.tagPaths());
    }
}

package kb.query.l0;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.Map;
import kb.core.DocumentCard;
import kb.core.NoteMeta;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** Tags, aliases and titles as exact identifiers, and the scope data L0 hits carry. */
class KeywordIndexNotesTest {

    private final KeywordIndex index = new KeywordIndex();

    private static DocumentCard note(String id, String path, String title, List<String> tags, List<String> aliases) {
        return new DocumentCard(
                id,
                "kb",
                path,
                title,
                List.of(),
                null,
                null,
                "md",
                "h",
                1,
                1,
                0,
                new NoteMeta(tags, aliases, List.of(), Map.of("status", List.of("Draft"))));
    }

    private List<String> paths(String query) {
        return index.lookup(query).stream().map(L0Hit::path).toList();
    }

    @BeforeEach
    void setUp() {
        index.put(note("cura", "til/nuts.md", "Print in place nuts", List.of("3d-printing"), List.of()));
        index.put(note("host", "glossary/self-host.md", "self-host", List.of(), List.of("self hosted", "self-hosted")));
        index.put(note("pg", "db/pg.md", "Upgrading Postgres", List.of("databases/sql", "PostgreSQL"), List.of()));
        index.put(note("tx", "db/事务.md", "Mysql 事务", List.of("事务"), List.of()));
        index.publish();
    }

    @Test
    void shouldHitATagAnywhereInTheQuestion() {
        assertEquals(List.of("db/pg.md"), paths("postgresql"));
        assertEquals(List.of("db/事务.md"), paths("之前记的跟 事务 有关的笔记在哪"));
    }

    @Test
    void shouldHitANestedTagWholeAndByItsParts() {
        assertEquals(List.of("db/pg.md"), paths("databases/sql"));
        assertEquals(List.of("db/pg.md"), paths("sql"));
    }

    @Test
    void shouldHitAnAlias() {
        assertEquals(List.of("glossary/self-host.md"), paths("self hosted"));
    }

    @Test
    void shouldHitTheStartOfALongerTagFromFourCharacters() {
        assertEquals(List.of("til/nuts.md"), paths("3d-print"));
        assertEquals(List.of(), paths("printi"));
    }

    @Test
    void shouldHitAQuestionThatIsExactlyATitleButNotOneThatContainsIt() {
        assertEquals(List.of("til/nuts.md"), paths("print in place nuts"));
        assertEquals(List.of(), paths("how do I print in place nuts quickly"));
    }

    @Test
    void shouldNotFindAKeywordInsideAFileNameOrPathButInsideAHyphenatedHeader() {
        index.put(note("desk", "til/bt.md", "Bluetooth", List.of("desktop"), List.of()));
        index.put(new DocumentCard(
                "waf", "kb", "waf.md", "WAF", List.of("chaitin-waf"), null, null, "md", "h", 1, 1, 0, NoteMeta.NONE));
        index.publish();
        assertEquals(List.of(), paths("examples.desktop"));
        assertEquals(List.of(), paths("/usr/share/desktop/x"));
        assertEquals(List.of("til/bt.md"), paths("my desktop."));
        assertEquals(List.of("waf.md"), paths("X-APISIX-CHAITIN-WAF-ERROR"));
    }

    @Test
    void shouldMarkAMatchThatIsOnlyATag() {
        assertEquals(
                List.of(true),
                index.lookup("postgresql").get(0).keywords().stream()
                        .map(L0Hit.KeywordMatch::tag)
                        .toList());
        assertEquals(
                List.of(false),
                index.lookup("self hosted").get(0).keywords().stream()
                        .map(L0Hit.KeywordMatch::tag)
                        .toList());
    }

    @Test
    void shouldCarryTagPathsAndPropertiesForScopeChecks() {
        L0Hit hit = index.lookup("postgresql").get(0);
        assertEquals(List.of("databases", "databases/sql", "postgresql"), hit.tagPaths());
        assertEquals(List.of("status:draft"), hit.properties());
    }
}

package kb.query.search.terms;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import kb.core.DocumentCard;
import kb.core.NoteMeta;
import kb.query.l0.KeywordIndex;
import kb.query.l0.L0Hit;
import org.junit.jupiter.api.Test;

class KeywordSpecificityTest {

    private static final CorpusStats HUNDRED_DOCUMENTS = new CorpusStats(100, 1000, Map.of(), Map.of());

    private static DocumentCard card(String id, List<String> keywords) {
        return new DocumentCard(
                id, "kb", "docs/" + id + ".md", id, keywords, null, "docs", "md", "h", 1, 1, 0, NoteMeta.NONE);
    }

    @Test
    void shouldAllowAtLeastThreeDocumentsOrTwoPercent() {
        assertEquals(3, KeywordSpecificity.limit(10));
        assertEquals(10, KeywordSpecificity.limit(499));
        assertEquals(200, KeywordSpecificity.limit(10_000));
    }

    @Test
    void shouldCallAKeywordCarriedByManyDocumentsGenericUntilThoseAreDeleted() {
        KeywordIndex index = new KeywordIndex();
        for (int i = 0; i < 5; i++) {
            index.put(card("page" + i, List.of("grafana")));
        }
        index.put(card("fields", List.of("grafana", "useFieldConfig")));
        index.publish();

        List<L0Hit> hits = index.lookup("grafana panel overrides");
        assertEquals(6, hits.get(0).keywords().get(0).carriers());
        KeywordSpecificity.L0Evidence evidence = KeywordSpecificity.classify(hits, HUNDRED_DOCUMENTS, 6);
        assertTrue(evidence.specific().isEmpty());
        assertEquals(6, evidence.generic().size());

        for (int i = 0; i < 4; i++) {
            index.remove("page" + i);
        }
        index.publish();
        KeywordSpecificity.L0Evidence after =
                KeywordSpecificity.classify(index.lookup("grafana panel overrides"), HUNDRED_DOCUMENTS, 2);
        assertEquals(2, after.specific().size());
    }

    @Test
    void shouldCallAKeywordInManyDocumentsTextsGenericEvenWithOneCarrier() {
        L0Hit.KeywordMatch prometheus = new L0Hit.KeywordMatch("prometheus", 1);
        assertTrue(KeywordSpecificity.isGeneric(
                prometheus, new CorpusStats(499, 7692, Map.of("prometheus", 98L), Map.of()), 290));
        assertFalse(KeywordSpecificity.isGeneric(
                new L0Hit.KeywordMatch("usefieldconfig", 1),
                new CorpusStats(499, 7692, Map.of("usefieldconfig", 3L), Map.of()),
                290));
    }

    @Test
    void shouldCountCarriersAloneWhenTheIndexCannotBeAsked() {
        L0Hit.KeywordMatch shared = new L0Hit.KeywordMatch("runbook", 4);
        assertTrue(KeywordSpecificity.isGeneric(shared, CorpusStats.UNKNOWN, 10));
        assertFalse(KeywordSpecificity.isGeneric(new L0Hit.KeywordMatch("kafkabridge", 1), CorpusStats.UNKNOWN, 10));
    }

    @Test
    void shouldKeepATagCarriedByManyNotesGenericAndASpecificTagOutOfSearchEvidence() {
        KeywordIndex index = new KeywordIndex();
        for (int i = 0; i < 5; i++) {
            index.put(new DocumentCard(
                    "py" + i,
                    "kb",
                    "til/py" + i + ".md",
                    "Note " + i,
                    List.of(),
                    null,
                    "til",
                    "md",
                    "h",
                    1,
                    1,
                    0,
                    new kb.core.NoteMeta(List.of("python"), List.of(), List.of(), Map.of())));
        }
        index.put(new DocumentCard(
                "zmk",
                "kb",
                "til/zmk.md",
                "Keyboard",
                List.of(),
                null,
                "til",
                "md",
                "h",
                1,
                1,
                0,
                new kb.core.NoteMeta(List.of("zmk"), List.of(), List.of(), Map.of())));
        index.publish();

        KeywordSpecificity.L0Evidence python =
                KeywordSpecificity.classify(index.lookup("python"), HUNDRED_DOCUMENTS, 6);
        assertEquals(5, python.generic().size());
        assertTrue(python.tagged().isEmpty(), "five of a hundred is more than the limit of three");
        KeywordSpecificity.L0Evidence zmk =
                KeywordSpecificity.classify(index.lookup("my zmk board"), HUNDRED_DOCUMENTS, 6);
        assertTrue(zmk.specific().isEmpty(), "a tag is no search evidence");
        assertEquals(
                List.of("til/zmk.md"), zmk.tagged().stream().map(L0Hit::path).toList());
    }
}

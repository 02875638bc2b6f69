package kb.query.search.corpus;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import kb.search.es.ChunkDoc;
import kb.testkit.Chunks;
import org.junit.jupiter.api.Test;

/** A document's passages weighed by the document's own statistics: its name weighs nothing, a rare pair much. */
class DocumentBm25Test {

    /** A chunk of the JACoW paper whose analysed text is {@code terms} (as the index's analyser writes it). */
    private static ChunkDoc analysed(int ordinal, String terms) {
        return Chunks.analysed("jacow", ordinal, "JACoW", terms);
    }

    @Test
    void shouldWeighThePageWithTheQuestionsRareWordsAboveThePagesNamingTheDocument() {
        List<ChunkDoc> chunks = List.of(
                analysed(0, "jacow paper jacow confer jacow paper the confer"),
                analysed(1, "jacow paper check that there ar no page number"),
                analysed(2, "jacow paper refer and confer paper acceler"),
                analysed(3, "jacow paper figur and tabl"));
        Map<String, Double> scores = DocumentBm25.scores("paper jacow acceler confer page number", chunks);
        String best = scores.entrySet().stream()
                .max(Map.Entry.comparingByValue())
                .orElseThrow()
                .getKey();
        assertEquals("jacow#1", best);
    }

    @Test
    void shouldGiveNothingToAWordEveryPassageHolds() {
        List<ChunkDoc> chunks = List.of(analysed(0, "apsguid revtex tabl"), analysed(1, "apsguid revtex font"));
        Map<String, Double> scores = DocumentBm25.scores("revtex font", chunks);
        assertTrue(scores.get("jacow#1") > scores.get("jacow#0"));
        assertTrue(scores.get("jacow#0") < 0.2);
    }

    @Test
    void shouldCountPairsOfNeighbouringWords() {
        assertEquals(
                List.of("page", "number", "ar", "page number", "number ar"),
                DocumentBm25.withPairs(new String[] {"page", "number", "ar"}));
    }

    @Test
    void shouldLeaveTheCorpusScoreWhenThePassagesHaveNoAnalysedText() {
        ChunkDoc raw = Chunks.chunk("d", 0, "D", null, "page numbers", List.of());
        assertEquals(Map.of(), DocumentBm25.scores("page number", List.of(raw)));
    }
}

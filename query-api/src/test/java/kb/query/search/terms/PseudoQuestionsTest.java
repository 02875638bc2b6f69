package kb.query.search.terms;

import static kb.testkit.Chunks.chunk;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import kb.search.es.ChunkDoc;
import org.junit.jupiter.api.Test;

class PseudoQuestionsTest {

    private static List<ChunkDoc> corpus() {
        List<ChunkDoc> chunks = new ArrayList<>();
        for (int d = 0; d < 40; d++) {
            for (int c = 0; c < 3; c++) {
                chunks.add(chunk(
                        "doc" + d,
                        c,
                        "Title of page " + d,
                        "Setup > Step " + c,
                        "The pool keeps maxTotal" + d + " connections open. When the gateway answers with a rate limit "
                                + "error the client waits and retries the request later.",
                        List.of("pool", "retry" + d)));
            }
        }
        return chunks;
    }

    @Test
    void shouldMakeTheSameQuestionsWhateverTheOrderOfTheChunks() {
        List<ChunkDoc> chunks = corpus();
        List<PseudoQuestions.Question> first = PseudoQuestions.of(chunks, 25);
        List<ChunkDoc> shuffled = new ArrayList<>(chunks);
        Collections.shuffle(shuffled, new java.util.Random(7));
        assertEquals(first, PseudoQuestions.of(shuffled, 25));
        assertEquals(
                first.size(),
                first.stream().map(PseudoQuestions.Question::docId).distinct().count(),
                "one per document");
        assertEquals(
                first.size(),
                first.stream().map(PseudoQuestions.Question::text).distinct().count(),
                "a question asked of two documents is left out (the pages share their sentences)");
        assertTrue(first.size() >= 12 && first.size() < 25, first.toString());
        assertTrue(first.stream().map(PseudoQuestions.Question::kind).distinct().count() >= 3, first.toString());
    }

    @Test
    void shouldDropAndReorderTheWordsOfASentence() {
        String question = PseudoQuestions.sentence(
                "When the gateway answers with a rate limit error the client waits.",
                java.util.Map.of("the", 9L, "with", 8L, "a", 9L, "when", 5L, "client", 3L, "rate", 2L));
        assertEquals("client waits. rate error", question);
        assertFalse(PseudoQuestions.sentence("Too short.", java.util.Map.of()) != null);
    }

    @Test
    void shouldFindAnIdentifierInTheText() {
        ChunkDoc chunk = chunk("d", 0, "t", null, "Raise the pool maxTotal when ERR_POOL shows.", List.of());
        assertEquals(
                "maxTotal pool raise",
                PseudoQuestions.question(
                        PseudoQuestions.Kind.IDENTIFIER,
                        chunk,
                        java.util.Map.of("pool", 9L, "raise", 3L, "shows", 1L)));
    }
}

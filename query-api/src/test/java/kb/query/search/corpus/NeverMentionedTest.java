package kb.query.search.corpus;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import kb.query.search.terms.CorpusStats;
import kb.query.search.terms.NamedTerms;
import kb.search.text.LexicalAnalyzer;
import org.junit.jupiter.api.Test;

/** Names against the chunk counts read with the question, and the name-and-version mentions asked only when needed. */
class NeverMentionedTest {

    private static final NeverMentioned.Mentions NOT_ASKED = pairs -> {
        throw new AssertionError("asked for " + pairs);
    };

    /** A word as the index analyses it, the key of its count. */
    private static String term(String word) {
        return LexicalAnalyzer.forIndex().terms(word).get(0);
    }

    private static CorpusStats counts(Map<String, Long> terms) {
        return new CorpusStats(10, 100, Map.of(), terms);
    }

    @Test
    void shouldNameTheTermNoChunkHoldsWhenTheRestIsTheFoldersVocabulary() {
        NeverMentioned never = NeverMentioned.of(
                NamedTerms.of("Which Kueue settings give PyTorch jobs gang admission on Kubernetes?"),
                counts(Map.of(term("Kueue"), 0L, term("PyTorch"), 12L, term("Kubernetes"), 3L)),
                NOT_ASKED);
        assertEquals(List.of("Kueue"), never.terms());
        assertEquals("the folder never mentions Kueue", never.reason());
    }

    /** A note's {@code keywords: [ERR_TIMEOUT]} over a Chinese body: the folder mentions it, its text does not. */
    @Test
    void shouldTakeANameANoteCarriesAsAKeywordAsMentioned() {
        CorpusStats noChunkHoldsIt = counts(Map.of(term("ERR_TIMEOUT"), 0L));
        assertEquals(
                List.of("ERR_TIMEOUT"),
                NeverMentioned.of(NamedTerms.of("ERR_TIMEOUT"), noChunkHoldsIt, NOT_ASKED)
                        .terms());
        assertTrue(NeverMentioned.of(NamedTerms.of("ERR_TIMEOUT"), noChunkHoldsIt, Set.of("err_timeout"), NOT_ASKED)
                .isEmpty());
    }

    @Test
    void shouldTakeATermTheCountsDoNotListAsHeldWhenItWasNotCounted() {
        assertTrue(NeverMentioned.of(NamedTerms.of("does the Alibaba manual say"), counts(Map.of()), NOT_ASKED)
                .isEmpty());
    }

    @Test
    void shouldDeflectNothingWhenTheCountsWereNotRead() {
        assertTrue(NeverMentioned.of(NamedTerms.of("what does GPTQ do"), CorpusStats.UNKNOWN, NOT_ASKED)
                .isEmpty());
    }

    @Test
    void shouldAskForTheVersionOnlyWhenEveryNameIsHeld() {
        List<List<NamedTerms.Versioned>> asked = new ArrayList<>();
        NeverMentioned.Mentions none = pairs -> {
            asked.add(pairs);
            return pairs.stream().map(p -> false).toList();
        };
        NamedTerms terms = NamedTerms.of("Does the manual have rules for Java 21 virtual threads?");
        NeverMentioned never = NeverMentioned.of(terms, counts(Map.of("java", 30L, "21", 9L)), none);
        assertEquals(List.of("Java 21"), never.terms());
        assertEquals(1, asked.size());
        NeverMentioned missingName = NeverMentioned.of(
                NamedTerms.of("Which VxWorks 7 components?"), counts(Map.of(term("VxWorks"), 0L)), none);
        assertEquals(List.of("VxWorks"), missingName.terms());
        assertEquals(1, asked.size());
    }

    @Test
    void shouldDeflectNothingByVersionWhenTheMentionsCannotBeRead() {
        NeverMentioned.Mentions failing = pairs -> {
            throw new IOException("connection refused");
        };
        assertTrue(NeverMentioned.of(NamedTerms.of("rules for Java 21"), counts(Map.of("java", 3L)), failing)
                .isEmpty());
    }
}

package kb.query.search;

import static kb.testkit.Chunks.chunk;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import kb.query.l0.L0Hit;
import kb.query.search.corpus.NeverMentioned;
import kb.query.search.terms.CorpusStats;
import kb.query.search.terms.KeywordSpecificity;
import kb.query.search.terms.Question;
import kb.search.es.ChunkDoc;
import org.junit.jupiter.api.Test;

/** The honesty gate on hand-built scored hits: no Elasticsearch, no model. */
class HonestyGateTest {

    private static final HonestyGate ONE_MODEL = new HonestyGate(0.70, List.of(0.70));
    private static final ChunkDoc OFF_TOPIC = chunk("bread", 0, "Bread", null, "sourdough starter feeding", List.of());
    private static final ChunkDoc ON_TOPIC =
            chunk("gitlab", 0, "GitLab", null, "how to install gitlab with docker compose", List.of());

    private static ArmHits hits(List<ChunkDoc> bm25, List<Double> bestCosines, CorpusStats corpus) {
        return new ArmHits(Map.of(Arm.BM25, ArmHitsFixtures.scored(bm25, 1.0)), bestCosines, corpus);
    }

    private static L0Hit specific(String docId) {
        return new L0Hit(
                docId,
                "kb",
                docId + ".md",
                docId,
                null,
                List.of(new L0Hit.KeywordMatch("err_timeout", 1)),
                List.of(),
                List.of());
    }

    private static KeywordSpecificity.L0Evidence none() {
        return KeywordSpecificity.L0Evidence.NONE;
    }

    /** The common case: no L0 evidence, L1 answered, the configured gate, no name left unmentioned. */
    private static SearchResponse.Gate verdict(Question question, ArmHits hits) {
        return ONE_MODEL.verdict(question, hits, none(), true, true, NeverMentioned.NONE);
    }

    @Test
    void shouldAnswerWhenABm25ChunkHoldsTheQuestionsWords() {
        SearchResponse.Gate gate =
                verdict(Question.of("install gitlab"), hits(List.of(ON_TOPIC), List.of(0.5), CorpusStats.UNKNOWN));
        assertTrue(gate.found());
        assertTrue(gate.lexicalMatch());
        assertEquals(1, gate.bm25Hits());
    }

    @Test
    void shouldDeflectWhenNeitherWordsNorMeaningAreNear() {
        SearchResponse.Gate gate =
                verdict(Question.of("install gitlab"), hits(List.of(OFF_TOPIC), List.of(0.5), CorpusStats.UNKNOWN));
        assertFalse(gate.found());
        assertFalse(gate.lexicalMatch());
        assertEquals(0.5, gate.bestCosine(), 1e-9);
        assertEquals(0.70, gate.minCosine(), 1e-9);
    }

    @Test
    void shouldAnswerWhenTheBestCosineClearsTheThreshold() {
        SearchResponse.Gate gate =
                verdict(Question.of("install gitlab"), hits(List.of(), List.of(0.71), CorpusStats.UNKNOWN));
        assertTrue(gate.found());
        assertFalse(gate.lexicalMatch());
    }

    @Test
    void shouldAnswerWhenASpecificKeywordMatchedWhateverTheArms() {
        KeywordSpecificity.L0Evidence evidence =
                new KeywordSpecificity.L0Evidence(List.of(specific("runbook")), List.of(), List.of());
        SearchResponse.Gate gate = ONE_MODEL.verdict(
                Question.of("ERR_TIMEOUT"), ArmHits.none(), evidence, false, true, NeverMentioned.NONE);
        assertTrue(gate.found());
        assertEquals(1, gate.l0Hits());
        assertFalse(gate.l1Available());
    }

    @Test
    void shouldDeflectWhenTheQuestionHasNoContentWord() {
        SearchResponse.Gate gate =
                verdict(Question.of("how do you do?"), hits(List.of(ON_TOPIC), List.of(0.99), CorpusStats.UNKNOWN));
        assertFalse(gate.found());
    }

    @Test
    void shouldDeflectWhenTheCorpusHoldsNoneOfTheQuestionsTerms() {
        CorpusStats unknownWords = new CorpusStats(10, 100, Map.of(), Map.of("qwertyuiopzxcv", 0L));
        SearchResponse.Gate gate = verdict(Question.of("qwertyuiopzxcv"), hits(List.of(), List.of(0.95), unknownWords));
        assertFalse(gate.found());
    }

    @Test
    void shouldLetEverythingThroughWhenNotEnforced() {
        SearchResponse.Gate gate = ONE_MODEL.verdict(
                Question.of("install gitlab"),
                hits(List.of(OFF_TOPIC), List.of(0.1), CorpusStats.UNKNOWN),
                none(),
                true,
                false,
                NeverMentioned.NONE);
        assertTrue(gate.found());
        assertFalse(gate.lexicalMatch());
    }

    @Test
    void shouldJudgeByTheFieldThatClearsItsOwnThresholdByTheMostWhenTwoModelsSearched() {
        // The English field misses its threshold by 0.10; the Chinese one clears its own by 0.05.
        HonestyGate twoModels = new HonestyGate(0.70, List.of(0.70, 0.50));
        HonestyGate.CosineCheck check =
                twoModels.cosineCheck(hits(List.of(), List.of(0.60, 0.55), CorpusStats.UNKNOWN));
        assertEquals(0.55, check.best(), 1e-9);
        assertEquals(0.50, check.min(), 1e-9);
        assertTrue(check.passes());
    }

    @Test
    void shouldReadTheQuestionsThresholdWhenNoVectorWasSearched() {
        HonestyGate.CosineCheck check = ONE_MODEL.cosineCheck(ArmHits.none());
        assertEquals(-1, check.best(), 1e-9);
        assertEquals(0.70, check.min(), 1e-9);
        assertFalse(check.passes());
    }

    @Test
    void shouldCountTheGenericKeywordsBesideTheSpecificOnes() {
        KeywordSpecificity.L0Evidence evidence =
                new KeywordSpecificity.L0Evidence(List.of(), List.of(specific("a"), specific("b")), List.of());
        SearchResponse.Gate gate = ONE_MODEL.verdict(
                Question.of("install gitlab"),
                hits(List.of(ON_TOPIC), List.of(0.5), CorpusStats.UNKNOWN),
                evidence,
                true,
                true,
                NeverMentioned.NONE);
        assertEquals(0, gate.l0Hits());
        assertEquals(2, gate.genericL0Hits());
    }

    @Test
    void shouldDeflectWithTheNameWhenTheFolderNeverMentionsOneWhateverElseMatched() {
        KeywordSpecificity.L0Evidence evidence =
                new KeywordSpecificity.L0Evidence(List.of(specific("runbook")), List.of(), List.of());
        SearchResponse.Gate gate = ONE_MODEL.verdict(
                Question.of("install gitlab with Kueue"),
                hits(List.of(ON_TOPIC), List.of(0.95), CorpusStats.UNKNOWN),
                evidence,
                true,
                true,
                new NeverMentioned(List.of("Kueue")));
        assertFalse(gate.found());
        assertEquals("the folder never mentions Kueue", gate.reason());
    }

    @Test
    void shouldSayWhyWhenNothingIsNearAndNoReasonWhenFound() {
        SearchResponse.Gate deflected =
                verdict(Question.of("install gitlab"), hits(List.of(OFF_TOPIC), List.of(0.5), CorpusStats.UNKNOWN));
        assertTrue(deflected.reason().contains("cosine 0.50, below 0.70"), deflected.reason());
        SearchResponse.Gate found =
                verdict(Question.of("install gitlab"), hits(List.of(ON_TOPIC), List.of(0.5), CorpusStats.UNKNOWN));
        assertEquals(null, found.reason());
    }

    @Test
    void shouldAnswerWhenAPageIsTitledAfterARareWordOfTheQuestionAndOnlyThen() {
        String question = "was my laptop hit by that compression library supply-chain backdoor in 2024?";
        CorpusStats corpus = new CorpusStats(
                679,
                5047,
                Map.of(),
                Map.of(
                        "laptop",
                        22L,
                        "hit",
                        39L,
                        "compress",
                        10L,
                        "librari",
                        48L,
                        "suppli",
                        3L,
                        "chain",
                        9L,
                        "backdoor",
                        1L,
                        "2024",
                        4L));
        String body = "The xz packages prior to version 5.6.1-2 contain this backdoor.";
        ChunkDoc titled = chunk("xz", 0, "Am I vulnerable to the xz backdoor?", null, body, List.of());
        ChunkDoc untitled = chunk("xz", 0, "Arch packages", null, body, List.of());
        assertTrue(verdict(Question.of(question), hits(List.of(titled), List.of(0.62), corpus))
                .lexicalMatch());
        SearchResponse.Gate bodyOnly = verdict(Question.of(question), hits(List.of(untitled), List.of(0.62), corpus));
        assertFalse(bodyOnly.found());
    }

    @Test
    void shouldNotTakeATitleAsEvidenceWhenTheQuestionBringsAWordTheFolderNeverHolds() {
        CorpusStats corpus = new CorpusStats(
                679,
                5047,
                Map.of(),
                Map.of("safe", 18L, "instal", 354L, "backdoor", 1L, "lock", 26L, "garden", 5L, "shed", 0L));
        ChunkDoc titled =
                chunk("xz", 0, "Am I vulnerable to the xz backdoor?", null, "contain this backdoor", List.of());
        SearchResponse.Gate gate = verdict(
                Question.of("Is it safe to install a backdoor lock on a garden shed?"),
                hits(List.of(titled), List.of(0.59), corpus));
        assertFalse(gate.found());
    }
}

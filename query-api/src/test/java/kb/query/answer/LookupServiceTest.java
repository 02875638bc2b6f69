package kb.query.answer;

import static kb.testkit.Chunks.chunk;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import kb.core.DocumentCard;
import kb.core.NoteMeta;
import kb.query.l0.L0Hit;
import kb.query.search.ArmHits;
import kb.query.search.Retrieval;
import kb.query.search.SearchResponse;
import kb.query.search.terms.KeywordSpecificity;
import kb.query.search.terms.Question;
import kb.search.es.CardDoc;
import kb.search.es.ChunkDoc;
import org.junit.jupiter.api.Test;

/** The lookup's answer assembled from one hand-built retrieval: no Elasticsearch, no model. */
class LookupServiceTest {

    private static final Map<String, List<ChunkDoc>> CHUNKS = Map.of(
            "runbook",
            List.of(
                    chunk("runbook", 0, "Timeouts", "Symptoms", "requests fail with ERR_TIMEOUT", List.of()),
                    chunk("runbook", 1, "Timeouts", "Fix", "raise the gateway timeout", List.of())),
            "other",
            List.of(chunk("other", 0, "Other", null, "something else", List.of())));

    /** Texts read from memory; {@code failing} answers as an unreachable Elasticsearch. */
    private static DocumentTexts texts(boolean failing) {
        return new DocumentTexts() {
            @Override
            public List<ChunkDoc> chunksOf(String docId) throws IOException {
                if (failing) {
                    throw new IOException("unreachable");
                }
                return CHUNKS.getOrDefault(docId, List.of());
            }

            @Override
            public Optional<CardDoc> card(String docId) {
                return Optional.of(
                        LookupServiceTest.card(docId, "---\ntitle: x\n---\nThe whole text of " + docId + ".\n"));
            }
        };
    }

    private static CardDoc card(String docId, String content) {
        return CardDoc.of(
                new DocumentCard(
                        docId, "kb", docId + ".md", docId, List.of(), null, null, "md", "h", 1, 1, 0, NoteMeta.NONE),
                content,
                0);
    }

    private static final LookupService LOOKUP = new LookupService(null, texts(false));

    private static L0Hit hit(String docId, String keyword) {
        return new L0Hit(
                docId,
                "kb",
                docId + ".md",
                docId,
                null,
                List.of(new L0Hit.KeywordMatch(keyword, 1)),
                List.of(),
                List.of());
    }

    private static SearchResponse.DocumentResult result(String docId) {
        return new SearchResponse.DocumentResult(
                docId,
                "kb",
                docId + ".md",
                docId,
                1.0,
                List.of("bm25"),
                List.of(new SearchResponse.ChunkResult("passage of " + docId, null, 1.0, null)),
                List.of(),
                List.of(),
                List.of());
    }

    private static Retrieval retrieval(
            String question,
            KeywordSpecificity.L0Evidence evidence,
            List<String> ranked,
            boolean found,
            boolean l1Available,
            String leader) {
        SearchResponse.Gate gate = new SearchResponse.Gate(
                found,
                evidence.specific().size(),
                found,
                3,
                0.8,
                0.7,
                l1Available,
                evidence.generic().size(),
                found ? null : "no passage holds enough of the question's words");
        List<L0Hit> l0 = new java.util.ArrayList<>(evidence.specific());
        l0.addAll(evidence.generic());
        return new Retrieval(
                Question.of(question),
                l0,
                found ? ranked.stream().map(LookupServiceTest::result).toList() : List.of(),
                gate,
                List.of(),
                l1Available,
                ArmHits.none(),
                evidence,
                leader);
    }

    private static KeywordSpecificity.L0Evidence specific(L0Hit... hits) {
        return new KeywordSpecificity.L0Evidence(List.of(hits), List.of(), List.of());
    }

    private static LookupService.Outcome answer(Retrieval retrieval) {
        return LOOKUP.answer(retrieval.question(), null, retrieval);
    }

    @Test
    void shouldAnswerWithHighConfidenceAloneWhenL1LeadsWithTheKeywordsPage() {
        LookupService.Outcome outcome = answer(retrieval(
                "ERR_TIMEOUT",
                specific(hit("runbook", "err_timeout")),
                List.of("runbook", "other"),
                true,
                true,
                "runbook"));
        LookupResponse response = outcome.response();
        assertTrue(response.found());
        assertEquals("exact_L0", outcome.matchType());
        assertEquals("high", response.primary().confidence());
        assertEquals("runbook.md", response.primary().source());
        assertEquals("The whole text of runbook.\n", response.primary().content());
        assertEquals(List.of("Symptoms", "Fix"), response.primary().availableSections());
        assertNull(response.supplement());
        assertFalse(outcome.degraded());
    }

    @Test
    void shouldOfferTheBestOtherPageWhenL1LeadsElsewhere() {
        LookupService.Outcome outcome = answer(retrieval(
                "ERR_TIMEOUT",
                specific(hit("runbook", "err_timeout")),
                List.of("other", "runbook"),
                true,
                true,
                "other"));
        assertEquals("medium", outcome.response().primary().confidence());
        assertEquals("other.md", outcome.response().supplement().source());
        assertEquals("passage of other", outcome.response().supplement().content());
        assertEquals("semantic_L1", outcome.response().supplement().matchType());
    }

    @Test
    void shouldSayMediumWhenElasticsearchCouldNotCorroborate() {
        LookupService.Outcome outcome = answer(
                retrieval("ERR_TIMEOUT", specific(hit("runbook", "err_timeout")), List.of(), false, false, null));
        assertEquals("medium", outcome.response().primary().confidence());
        assertNull(outcome.response().supplement());
        assertTrue(outcome.degraded());
    }

    @Test
    void shouldOrderSeveralKeywordPagesByL1AndSayLowWhenAmbiguous() {
        LookupService.Outcome outcome = answer(retrieval(
                "ERR_TIMEOUT gateway",
                specific(hit("runbook", "err_timeout"), hit("other", "gateway")),
                List.of("other", "runbook"),
                true,
                true,
                "other"));
        assertEquals("exact_L0_ambiguous", outcome.matchType());
        assertEquals("low", outcome.response().primary().confidence());
        assertEquals("other.md", outcome.response().primary().source());
        assertEquals("runbook.md", outcome.response().supplement().source());
    }

    @Test
    void shouldAnswerFromL1AloneWhenNoKeywordMatched() {
        LookupService.Outcome outcome = answer(retrieval(
                "how do I raise the timeout",
                KeywordSpecificity.L0Evidence.NONE,
                List.of("other"),
                true,
                true,
                "other"));
        assertEquals("semantic_L1", outcome.matchType());
        assertTrue(outcome.response().found());
        assertNull(outcome.response().primary());
        assertEquals("other.md", outcome.response().supplement().source());
    }

    @Test
    void shouldSayNothingWhenTheGateDeflects() {
        LookupService.Outcome outcome = answer(
                retrieval("sourdough starter", KeywordSpecificity.L0Evidence.NONE, List.of(), false, true, null));
        assertEquals("none", outcome.matchType());
        assertEquals(LookupResponse.nothing(), outcome.response());
    }

    @Test
    void shouldAnswerAGenericKeywordNamedAsAWholeAtLowConfidence() {
        KeywordSpecificity.L0Evidence generic =
                new KeywordSpecificity.L0Evidence(List.of(), List.of(hit("runbook", "ansible")), List.of());
        LookupService.Outcome outcome = answer(retrieval("ANSIBLE", generic, List.of("other"), true, true, "other"));
        assertEquals("low", outcome.response().primary().confidence());
        assertEquals("runbook.md", outcome.response().primary().source());
    }

    @Test
    void shouldNotAnswerAGenericKeywordMetInsideALongerQuestion() {
        KeywordSpecificity.L0Evidence generic =
                new KeywordSpecificity.L0Evidence(List.of(), List.of(hit("runbook", "ansible")), List.of());
        LookupService.Outcome outcome =
                answer(retrieval("how do I run ansible on my box", generic, List.of("other"), true, true, "other"));
        assertNull(outcome.response().primary());
        assertEquals("semantic_L1", outcome.matchType());
    }

    @Test
    void shouldReturnTheAskedSectionsWhenASectionTitleIsGiven() {
        Retrieval retrieval = retrieval(
                "ERR_TIMEOUT", specific(hit("runbook", "err_timeout")), List.of("runbook"), true, true, "runbook");
        LookupService.Outcome outcome = LOOKUP.answer(retrieval.question(), "fix", retrieval);
        assertEquals("raise the gateway timeout", outcome.response().primary().content());
    }

    @Test
    void shouldStandTheTitleInWhenTheDocumentsTextIsUnreachable() {
        Retrieval retrieval = retrieval(
                "ERR_TIMEOUT", specific(hit("runbook", "err_timeout")), List.of("runbook"), true, true, "runbook");
        LookupService.Outcome outcome =
                new LookupService(null, texts(true)).answer(retrieval.question(), null, retrieval);
        assertEquals("runbook", outcome.response().primary().content());
        assertNull(outcome.response().primary().availableSections());
        assertTrue(outcome.degraded());
    }
}

package kb.query.answer;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;
import kb.core.Location;
import kb.query.l0.L0Hit;
import kb.query.search.Retrieval;
import kb.query.search.Scope;
import kb.query.search.SearchRequest;
import kb.query.search.SearchResponse;
import kb.query.search.SearchService;
import kb.query.search.terms.KeywordSpecificity;
import kb.query.search.terms.Question;
import kb.search.es.CardDoc;
import kb.search.es.ChunkDoc;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * {@code lookup_knowledge}: exact keyword match first, the semantic tier beside it. A <i>specific</i> keyword
 * (see {@link KeywordSpecificity}) makes a primary answer; a generic one does only when the lookup names it as a
 * whole, at low confidence; several are ordered by their L1 relevance to the question. {@code confidence} is {@code high} only for a single specific hit that L1 also found,
 * {@code medium} for a single one L1 did not corroborate (or could not: Elasticsearch down), {@code low} when
 * several specific keywords point at different pages.
 */
public final class LookupService {

    private static final Logger LOG = LoggerFactory.getLogger(LookupService.class);
    static final int PREVIEW_CHARS = 2000;
    /** Documents ranked to order several L0 hits and to pick the supplement. */
    private static final int RANKED_DOCUMENTS = 10;

    private final SearchService search;
    private final DocumentTexts texts;

    public LookupService(SearchService search, DocumentTexts texts) {
        this.search = search;
        this.texts = texts;
    }

    /** The answer and, for the query log and metrics, what produced it. */
    public record Outcome(
            LookupResponse response, String matchType, Retrieval retrieval, List<L0Hit> l0, boolean degraded) {}

    public Outcome lookup(Question question) {
        return lookup(question, null, Scope.ALL);
    }

    /**
     * @param sectionTitle when not null, the primary's content is its sections whose header contains this
     * @param scope        the collection and category to answer from
     */
    public Outcome lookup(Question question, String sectionTitle, Scope scope) {
        return answer(question, sectionTitle, search.retrieve(SearchRequest.served(question, RANKED_DOCUMENTS, scope)));
    }

    /** The lookup's answer assembled from the question's one retrieval. */
    Outcome answer(Question question, String sectionTitle, Retrieval retrieval) {
        List<L0Hit> specific = byRelevance(exact(retrieval.evidence()), retrieval.documents());
        List<L0Hit> carriers = specific.isEmpty()
                ? byRelevance(namedCarriers(question, retrieval.evidence().generic()), retrieval.documents())
                : specific;
        boolean l1Down = !retrieval.l1Available();
        if (carriers.isEmpty()) {
            LookupResponse.Supplement supplement = supplement(retrieval, null);
            LookupResponse response =
                    supplement == null ? LookupResponse.nothing() : new LookupResponse(true, null, supplement);
            return new Outcome(
                    response, supplement == null ? "none" : "semantic_L1", retrieval, retrieval.l0(), l1Down);
        }
        L0Hit first = carriers.get(0);
        String confidence = specific.isEmpty() ? "low" : confidence(specific, retrieval);
        LOG.debug(
                "'{}': {} L0 carriers ({} specific), primary {} ({})",
                question.asked(),
                carriers.size(),
                specific.size(),
                first.path(),
                confidence);
        Preview preview = preview(first, sectionTitle);
        LookupResponse.Primary primary = new LookupResponse.Primary(
                preview.text(),
                first.path(),
                first.collection(),
                "exact_L0",
                confidence,
                preview.sections(),
                preview.locations());
        String matchType = carriers.size() == 1 ? "exact_L0" : "exact_L0_ambiguous";
        // A confirmed exact answer stands alone; otherwise the best other page is offered beside it.
        LookupResponse.Supplement supplement = confidence.equals("high") ? null : supplement(retrieval, first.docId());
        return new Outcome(
                new LookupResponse(true, primary, supplement),
                matchType,
                retrieval,
                retrieval.l0(),
                preview.degraded() || l1Down);
    }

    /** Specific keywords, aliases and titles, then specific tags: a tag names a note's topic, which a lookup asks for. */
    private static List<L0Hit> exact(KeywordSpecificity.L0Evidence evidence) {
        List<L0Hit> exact = new ArrayList<>(evidence.specific());
        exact.addAll(evidence.tagged());
        return exact;
    }

    /**
     * The carriers of a generic keyword that the lookup names as a whole ({@code ANSIBLE}, {@code 3d-print}): a
     * keyword common in other pages' text (or carried by many) still makes its carrier the primary, at low
     * confidence with a supplement beside it. A generic keyword met inside a longer question ("how do I back up my
     * linux box") is no lookup of it: there the fused ranking answers.
     */
    static List<L0Hit> namedCarriers(Question question, List<L0Hit> generic) {
        String named = question.keywords();
        return generic.stream()
                .filter(hit -> hit.keywords().stream().anyMatch(k -> k.keyword().contains(named)))
                .toList();
    }

    /** Specific hits in the order of the fused ranking; those it did not reach after, by path. */
    static List<L0Hit> byRelevance(List<L0Hit> hits, List<SearchResponse.DocumentResult> ranked) {
        List<String> order =
                ranked.stream().map(SearchResponse.DocumentResult::docId).toList();
        return hits.stream()
                .sorted(Comparator.comparingInt((L0Hit h) -> rank(order, h.docId()))
                        .thenComparing(L0Hit::path))
                .toList();
    }

    private static int rank(List<String> order, String docId) {
        int at = order.indexOf(docId);
        return at < 0 ? Integer.MAX_VALUE : at;
    }

    /**
     * High only when one specific keyword matched and L1 on its own (BM25 and vectors, no keywords) ranks that
     * page first too: a keyword named in passing ("send OpenTelemetry traces from my backend plugin") must not
     * answer for a question the rest of whose words point elsewhere.
     */
    static String confidence(List<L0Hit> specific, Retrieval retrieval) {
        if (specific.size() > 1) {
            return "low";
        }
        return retrieval.l1Available() && specific.get(0).docId().equals(retrieval.l1Leader()) ? "high" : "medium";
    }

    /** The best L1 document other than the primary, when the gate let the question through. */
    private static LookupResponse.Supplement supplement(Retrieval retrieval, String primaryDocId) {
        if (!retrieval.found()) {
            return null;
        }
        return retrieval.documents().stream()
                .filter(d -> !d.docId().equals(primaryDocId))
                .findFirst()
                .map(top -> new LookupResponse.Supplement(
                        cut(
                                top.chunks().stream()
                                        .map(SearchResponse.ChunkResult::text)
                                        .collect(Collectors.joining("\n\n")),
                                top.title()),
                        top.path(),
                        top.collection(),
                        "semantic_L1",
                        Citations.ofResults(top.chunks())))
                .orElse(null);
    }

    /**
     * @param sections  the document's section headers (null when unknown)
     * @param locations where the text is in the document
     */
    private record Preview(String text, List<String> sections, boolean degraded, List<Location> locations) {}

    /**
     * The document's text without frontmatter, its first 2000 characters, or the sections whose header contains
     * {@code sectionTitle} (case-insensitive); when Elasticsearch is unreachable, its title stands in.
     */
    private Preview preview(L0Hit hit, String sectionTitle) {
        try {
            List<ChunkDoc> parts = texts.chunksOf(hit.docId());
            List<String> sections = parts.stream()
                    .map(ChunkDoc::sectionHeader)
                    .filter(h -> h != null && !h.isBlank())
                    .distinct()
                    .toList();
            String wanted = sectionTitle == null || sectionTitle.isBlank()
                    ? null
                    : sectionTitle.strip().toLowerCase(Locale.ROOT);
            List<ChunkDoc> matching = wanted == null
                    ? List.of()
                    : parts.stream()
                            .filter(c -> c.sectionHeader() != null
                                    && c.sectionHeader()
                                            .toLowerCase(Locale.ROOT)
                                            .contains(wanted))
                            .toList();
            if (!matching.isEmpty()) {
                return new Preview(
                        cut(matching.stream().map(ChunkDoc::text).collect(Collectors.joining("\n\n")), hit.title()),
                        sections,
                        false,
                        Citations.ofChunks(matching));
            }
            String whole = texts.card(hit.docId()).map(CardDoc::content).orElse("");
            String content = DocumentText.withoutFrontmatter(whole);
            return new Preview(
                    cut(content, hit.title()),
                    sections,
                    false,
                    Citations.ofPreview(whole, content, PREVIEW_CHARS, parts));
        } catch (Exception e) {
            LOG.warn("content of {} unavailable: {}", hit.path(), e.toString());
            return new Preview(hit.title(), null, true, List.of());
        }
    }

    static String cut(String text, String fallback) {
        if (text == null || text.isBlank()) {
            return fallback;
        }
        return text.length() > PREVIEW_CHARS ? text.substring(0, PREVIEW_CHARS) + "..." : text;
    }
}

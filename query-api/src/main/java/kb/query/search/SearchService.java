package kb.query.search;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;
import java.util.stream.Stream;
import kb.query.config.FusionMethod;
import kb.query.config.QueryConfig;
import kb.query.l0.KeywordIndex;
import kb.query.l0.L0Hit;
import kb.query.search.terms.CjkWords;
import kb.query.search.terms.CorpusStats;
import kb.query.search.terms.KeywordSpecificity;
import kb.query.search.terms.QueryTerms;
import kb.query.search.terms.Question;
import kb.query.search.terms.RareTerms;
import kb.query.search.terms.Script;
import kb.search.embed.Embeddings;
import kb.search.es.ChunkDoc;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Hybrid retrieval behind the honesty gate: L0 keywords, then BM25 + kNN (and the L0 documents' chunks) in
 * one round trip, fused by weighted RRF into documents ranked by their best chunk.
 */
public final class SearchService {

    private static final Logger LOG = LoggerFactory.getLogger(SearchService.class);
    private static final int CHUNKS_PER_DOCUMENT = 3;
    private static final int MAX_COUNTED_KEYWORDS = 16;
    /** BM25's best chunks read for rare terms of the question (each is analysed again, so only a few). */
    private static final int RARE_EVIDENCE_CHUNKS = 5;

    private final QueryConfig config;
    private final Embeddings embeddings;
    private final ChunkRetriever retriever;
    private final KeywordIndex keywords;
    private final java.util.function.Supplier<GateThreshold> gate;
    private final java.util.function.Supplier<FittedFusion> fusion;

    public SearchService(
            QueryConfig config,
            Embeddings embeddings,
            ChunkRetriever retriever,
            KeywordIndex keywords,
            java.util.function.Supplier<GateThreshold> gate) {
        this(config, embeddings, retriever, keywords, gate, () -> FittedFusion.configured(configuredWeights(config)));
    }

    /** @param fusion the fusion's weights in force (fitted to the corpus, or as configured) */
    public SearchService(
            QueryConfig config,
            Embeddings embeddings,
            ChunkRetriever retriever,
            KeywordIndex keywords,
            java.util.function.Supplier<GateThreshold> gate,
            java.util.function.Supplier<FittedFusion> fusion) {
        this.config = config;
        this.embeddings = embeddings;
        this.retriever = retriever;
        this.keywords = keywords;
        this.gate = gate;
        this.fusion = fusion;
    }

    /** The configured fusion per script: what is served until (or unless) the corpus fits its own. */
    public static Map<Script, FusionWeights> configuredWeights(QueryConfig config) {
        return Map.of(
                Script.LATIN,
                new FusionWeights(
                        config.ranking().bm25Weight(),
                        config.ranking().rareBm25Weight(),
                        config.ranking().rrfK(),
                        config.ranking().crossVectorWeight()),
                Script.CJK,
                new FusionWeights(
                        config.ranking().cjkBm25Weight(),
                        config.ranking().rareBm25Weight(),
                        config.ranking().rrfK(),
                        config.ranking().crossVectorWeight()));
    }

    /** The fusion's weights in force and where they came from. */
    public FittedFusion fusion() {
        return fusion.get();
    }

    /** How the arms are fused when a request does not say. */
    public FusionMethod fusionMethod() {
        return config.ranking().fusion();
    }

    /**
     * The evidence fusion's weights in force (served when {@link #fusionMethod} is evidence): the configured ones
     * balanced for the corpus's chunks per document as the gate last measured it.
     */
    public kb.query.config.EvidenceWeights evidenceWeights() {
        return config.ranking()
                .evidence()
                .forCorpus(gate.get().chunksPerDocument(), config.ranking().evidenceChunkExponent());
    }

    /** The evidence fusion's weights as configured, before they are balanced for the corpus. */
    public kb.query.config.EvidenceWeights configuredEvidenceWeights() {
        return config.ranking().evidence();
    }

    /** The honesty gate's threshold in force and where it came from. */
    public GateThreshold gateThreshold() {
        return gate.get();
    }

    public List<L0Hit> l0(Question question) {
        List<L0Hit> hits = keywords.lookup(question.keywords());
        LOG.debug(
                "L0 for '{}': {}",
                question.asked(),
                hits.stream().map(L0Hit::path).toList());
        return hits;
    }

    /** The served search or a diagnosis, L0 included when every arm is asked. */
    public Retrieval retrieve(SearchRequest request) {
        List<L0Hit> l0 = request.options().arms() == SearchOptions.Arms.HYBRID ? l0(request.question()) : List.of();
        return retrieve(request, l0);
    }

    /** The ranking in force for a question: the request's options resolved against the configuration. */
    RankingPlan plan(SearchOptions options, Question question) {
        return RankingPlan.of(options, config.ranking(), fusion.get().forScript(question.script()));
    }

    /** L1 for a question whose L0 hits are known; Elasticsearch failures degrade to L0 only. */
    public Retrieval retrieve(SearchRequest request, List<L0Hit> l0) {
        Question question = request.question();
        String query = question.normal();
        Scope scope = request.scope();
        RankingPlan plan = plan(request.options(), question);
        List<L0Hit> inCategory =
                scope.isAll() ? l0 : l0.stream().filter(scope::admits).toList();
        ArmHits hits;
        boolean l1Available = true;
        List<Embeddings.Space> spaces = plan.arms() == SearchOptions.Arms.BM25 ? List.of() : embeddings.forQuery(query);
        try {
            hits = retrieveArms(question, spaces, scope, inCategory, plan);
        } catch (IOException | RuntimeException e) {
            LOG.warn("L1 unavailable, answering from L0 only: {}", e.toString());
            hits = ArmHits.none();
            l1Available = false;
        }
        hits = hits.withCorpus(hits.corpus().withCjkWords(CjkWords.of(query)));
        KeywordSpecificity.L0Evidence evidence =
                KeywordSpecificity.classify(inCategory, hits.corpus(), keywords.size());
        List<String> units = question.units();
        boolean lexical = lexicalEvidence(question, hits);
        CosineCheck cosine = cosineCheck(query, spaces, hits);
        // A question with no content word at all ("*", "}", "how do you do?") has nothing to be evidence for.
        // A question none of whose words the corpus holds ("qwertyuiopzxcv") is about something else, however
        // near its vector falls in a corpus of short, similar notes.
        boolean known = !hits.corpus().termsRead() || hits.corpus().holdsAnyTerm();
        boolean found = !plan.gate()
                || !evidence.specific().isEmpty()
                || (!units.isEmpty() && known && (lexical || cosine.passes()));
        SearchResponse.Gate verdict = new SearchResponse.Gate(
                found,
                evidence.specific().size(),
                lexical,
                hits.bm25().size(),
                cosine.best(),
                cosine.min(),
                l1Available,
                evidence.generic().size());
        List<SearchResponse.DocumentResult> documents =
                found ? rank(question, hits, evidence, request.k(), plan) : List.of();
        return new Retrieval(
                question,
                inCategory,
                documents,
                verdict,
                found ? List.of() : suggestions(hits),
                l1Available,
                hits,
                evidence);
    }

    /**
     * Whether one of BM25's chunks is lexical evidence for the question: it holds enough of the question's words
     * (a CJK question's weighted by rarity when the index's counts are known, else by bigram share), or a few
     * rare terms of the question together.
     */
    private static boolean lexicalEvidence(Question question, ArmHits hits) {
        Script script = question.script();
        List<String> units = question.units();
        CorpusStats corpus = hits.corpus();
        List<String> rare = RareTerms.of(corpus);
        boolean weighted = script == Script.CJK && corpus.termsRead();
        return hits.bm25().stream()
                        .anyMatch(c -> weighted
                                ? RareTerms.isCjkEvidence(corpus, c.enrichedText())
                                : QueryTerms.isEvidence(units, script, c.enrichedText()))
                || hits.bm25().stream()
                        .limit(RARE_EVIDENCE_CHUNKS)
                        .anyMatch(c -> RareTerms.isEvidence(corpus, rare, c.enrichedText()));
    }

    /** The best cosine of one vector field against that field's threshold. */
    private record CosineCheck(double best, double min) {

        boolean passes() {
            return best >= min;
        }
    }

    /**
     * Each vector field searched against its own model's threshold (per script: the by-language models are
     * chosen by script); the field that clears its threshold by the most decides. One model: the question's
     * script's threshold, as calibrated.
     */
    private CosineCheck cosineCheck(String query, List<Embeddings.Space> spaces, ArmHits hits) {
        GateThreshold threshold = gate.get();
        CosineCheck best = new CosineCheck(-1, threshold.forQuery(query));
        for (int i = 0; i < Math.min(spaces.size(), hits.bestCosines().size()); i++) {
            double min = embeddings.single()
                    ? threshold.forQuery(query)
                    : threshold
                            .minCosine()
                            .get(Script.valueOf(spaces.get(i).script().name()));
            CosineCheck check = new CosineCheck(hits.bestCosines().get(i), min);
            if (i == 0 || check.best() - check.min() > best.best() - best.min()) {
                best = check;
            }
        }
        return best;
    }

    private ArmHits retrieveArms(
            Question question, List<Embeddings.Space> spaces, Scope scope, List<L0Hit> l0, RankingPlan plan)
            throws IOException {
        String query = question.normal();
        boolean lexicalArm = plan.arms() != SearchOptions.Arms.VECTOR;
        String lexicalQuery = question.lexical();
        List<L0Hit> l0Arm = plan.hybrid() ? l0 : List.of();
        List<ChunkRetriever.QueryVector> vectors = embed(query, spaces);
        java.util.Set<String> populated = retriever.servingFormat().populated();
        // Served answers only: the vector arm alone (a diagnosis) stays the question's own model.
        List<ChunkRetriever.QueryVector> cross = !plan.hybrid()
                ? List.of()
                : embed(
                        query,
                        embeddings.crossForQuery(query).stream()
                                .filter(s -> populated.contains(s.field()))
                                .toList());
        return retriever.retrieve(new ChunkRetriever.ArmRequest(
                lexicalArm ? lexicalQuery : null,
                vectors,
                cross,
                scope,
                plan.windows(),
                l0Arm.stream().map(L0Hit::docId).toList(),
                plan.titleBoost(),
                keywordsOf(l0)));
    }

    private static List<ChunkRetriever.QueryVector> embed(String query, List<Embeddings.Space> spaces) {
        return spaces.stream()
                .map(s -> new ChunkRetriever.QueryVector(s.field(), s.embedder().embedQuery(query)))
                .toList();
    }

    /** The distinct keywords L0 matched, whose spread through the corpus's text is read with the question. */
    private static List<String> keywordsOf(List<L0Hit> l0) {
        return l0.stream()
                .flatMap(h -> h.matchedKeywords().stream())
                .distinct()
                .limit(MAX_COUNTED_KEYWORDS)
                .toList();
    }

    private List<SearchResponse.DocumentResult> rank(
            Question question, ArmHits hits, KeywordSpecificity.L0Evidence evidence, int k, RankingPlan plan) {
        List<ChunkDoc> specific =
                hits.l0().stream().filter(c -> evidence.isSpecific(c.docId())).toList();
        List<ChunkDoc> generic =
                hits.l0().stream().filter(c -> !evidence.isSpecific(c.docId())).toList();
        EvidenceFusion.Scores fused = fuse(question, hits, specific, generic, plan);
        RankReasons reasons = new RankReasons(hits, evidence);
        Map<String, ChunkDoc> chunks = new HashMap<>();
        Map<String, Set<String>> arms = new HashMap<>();
        collect(specific, "L0", chunks, arms);
        collect(generic, "L0", chunks, arms);
        collect(hits.bm25(), "bm25", chunks, arms);
        collect(hits.vector(), "vector", chunks, arms);
        collect(hits.crossVector(), "vector", chunks, arms);
        Map<String, List<ChunkDoc>> byDocument = new HashMap<>();
        chunks.values().stream()
                .sorted(Comparator.comparingDouble(
                                (ChunkDoc c) -> fused.chunks().get(c.chunkId()))
                        .reversed()
                        .thenComparing(ChunkDoc::chunkId))
                .forEach(c -> byDocument
                        .computeIfAbsent(c.docId(), d -> new ArrayList<>())
                        .add(c));
        List<SearchResponse.DocumentResult> results = new ArrayList<>(byDocument.values().stream()
                .sorted(Comparator.comparingDouble((List<ChunkDoc> list) ->
                                fused.documents().get(list.get(0).docId()))
                        .reversed()
                        .thenComparing(list -> list.get(0).chunkId()))
                .limit(k)
                .map(list -> toResult(list, fused, arms, reasons))
                .toList());
        addL0OnlyDocuments(results, evidence.specific(), byDocument.keySet(), k);
        return results;
    }

    /**
     * The chunks' and documents' scores by the method in force: weighed evidence by default, else RRF or a convex
     * combination of normalised scores (L0 chunks join those by rank). In RRF the BM25 arm's weight rises when the
     * question holds a rare term, and L0 votes with full weight for documents matched by a specific keyword and
     * with a small one for generic keywords only; a document scores its best chunk's score.
     */
    private EvidenceFusion.Scores fuse(
            Question question, ArmHits hits, List<ChunkDoc> specific, List<ChunkDoc> generic, RankingPlan plan) {
        FusionMethod method = plan.fusion();
        if (method == FusionMethod.EVIDENCE) {
            Set<String> specificDocs = new HashSet<>();
            specific.forEach(c -> specificDocs.add(c.docId()));
            Set<String> keywordDocs = new HashSet<>(specificDocs);
            generic.forEach(c -> keywordDocs.add(c.docId()));
            List<ChunkDoc> candidates = Stream.of(specific, generic, hits.bm25(), hits.vector(), hits.crossVector())
                    .flatMap(List::stream)
                    .toList();
            return EvidenceFusion.fuse(
                    question,
                    hits,
                    new EvidenceFusion.KeywordDocuments(keywordDocs, specificDocs),
                    candidates,
                    evidenceWeights(),
                    vectorFields());
        }
        Map<String, Double> chunks = fuseRanks(hits, specific, generic, plan);
        Map<String, Double> documents = new HashMap<>();
        Stream.of(specific, generic, hits.bm25(), hits.vector(), hits.crossVector())
                .flatMap(List::stream)
                .forEach(c -> documents.merge(c.docId(), chunks.getOrDefault(c.chunkId(), 0.0), Math::max));
        return new EvidenceFusion.Scores(chunks, documents);
    }

    /**
     * The vector field a chunk is embedded in: the sink's choice, by the script of its enriched text. Read once per
     * chunk of a question (the fusion asks for a chunk's field again when it scores it), and not at all with one
     * model.
     */
    private Function<ChunkDoc, String> vectorFields() {
        if (embeddings.single()) {
            String field = embeddings.spaces().get(0).field();
            return c -> field;
        }
        Map<String, String> byChunk = new HashMap<>();
        return c -> byChunk.computeIfAbsent(c.chunkId(), id -> {
            String text = c.enrichedText() != null ? c.enrichedText() : c.text();
            return embeddings.forPassage(text == null ? "" : text).field();
        });
    }

    private Map<String, Double> fuseRanks(
            ArmHits hits, List<ChunkDoc> specific, List<ChunkDoc> generic, RankingPlan plan) {
        int rrfK = plan.rrfK();
        double crossWeight = plan.crossVectorWeight();
        List<RrfFusion.Arm> l0Arms = List.of(
                new RrfFusion.Arm(ids(specific), config.ranking().l0Weight()),
                new RrfFusion.Arm(ids(generic), config.ranking().genericL0Weight()),
                new RrfFusion.Arm(ids(hits.crossVector()), crossWeight));
        if (plan.fusion() == FusionMethod.CONVEX) {
            double alpha = plan.convexAlpha();
            Map<String, Double> fused = new HashMap<>(ConvexFusion.fuse(
                    ids(hits.bm25()), hits.bm25Scores(), ids(hits.vector()), hits.vectorScores(), alpha));
            RrfFusion.fuse(l0Arms, rrfK).forEach((id, score) -> fused.merge(id, score, Double::sum));
            return fused;
        }
        List<RrfFusion.Arm> arms = new ArrayList<>(l0Arms);
        arms.add(new RrfFusion.Arm(
                ids(hits.bm25()), RareTerms.bm25Weight(hits.corpus(), plan.bm25Weight(), plan.rareBm25Weight())));
        arms.add(new RrfFusion.Arm(ids(hits.vector()), config.ranking().vectorWeight()));
        return RrfFusion.fuse(arms, rrfK);
    }

    /**
     * The document L1 alone ranks first (BM25 and vectors fused as served, without the L0 arm), or null: what a
     * keyword hit must agree with to be answered with high confidence.
     */
    public String l1Leader(Retrieval retrieval) {
        ArmHits hits = retrieval.hits();
        Map<String, Double> documents = fuse(
                        retrieval.question(),
                        hits,
                        List.of(),
                        List.of(),
                        plan(SearchOptions.SERVED, retrieval.question()))
                .documents();
        return documents.entrySet().stream()
                .max(Map.Entry.<String, Double>comparingByValue()
                        .thenComparing(Map.Entry.comparingByKey(Comparator.reverseOrder())))
                .map(Map.Entry::getKey)
                .orElse(null);
    }

    /** A document matched by a specific keyword but without chunks in the index yet (or with Elasticsearch down). */
    private static void addL0OnlyDocuments(
            List<SearchResponse.DocumentResult> results, List<L0Hit> l0, Set<String> present, int k) {
        for (L0Hit hit : l0) {
            if (!present.contains(hit.docId()) && results.size() < k) {
                results.add(new SearchResponse.DocumentResult(
                        hit.docId(),
                        hit.collection(),
                        hit.path(),
                        hit.title(),
                        0,
                        List.of("L0"),
                        List.of(),
                        List.of("specific keyword: " + String.join(", ", hit.matchedKeywords()))));
            }
        }
    }

    /** Titles of the nearest documents by meaning, even below the threshold: what the user could ask. */
    private static List<String> suggestions(ArmHits hits) {
        Set<String> titles = new LinkedHashSet<>();
        for (ChunkDoc chunk : hits.vector()) {
            titles.add(chunk.title());
            if (titles.size() == 3) {
                break;
            }
        }
        return List.copyOf(titles);
    }

    private static SearchResponse.DocumentResult toResult(
            List<ChunkDoc> chunks, EvidenceFusion.Scores fused, Map<String, Set<String>> arms, RankReasons reasons) {
        ChunkDoc best = chunks.get(0);
        Set<String> matchedBy = new LinkedHashSet<>();
        chunks.forEach(c -> matchedBy.addAll(arms.get(c.chunkId())));
        List<SearchResponse.ChunkResult> shown = chunks.stream()
                .limit(CHUNKS_PER_DOCUMENT)
                .map(c -> new SearchResponse.ChunkResult(
                        c.text(), c.sectionHeader(), fused.chunks().get(c.chunkId()), c.location()))
                .toList();
        return new SearchResponse.DocumentResult(
                best.docId(),
                best.collection(),
                best.path(),
                best.title(),
                fused.documents().get(best.docId()),
                List.copyOf(matchedBy),
                shown,
                reasons.of(best.docId()),
                best.tags());
    }

    private static void collect(
            List<ChunkDoc> hits, String arm, Map<String, ChunkDoc> chunks, Map<String, Set<String>> arms) {
        for (ChunkDoc hit : hits) {
            chunks.putIfAbsent(hit.chunkId(), hit);
            arms.computeIfAbsent(hit.chunkId(), id -> new LinkedHashSet<>()).add(arm);
        }
    }

    private static List<String> ids(List<ChunkDoc> hits) {
        return hits.stream().map(ChunkDoc::chunkId).toList();
    }
}

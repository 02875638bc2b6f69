package kb.query.search;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Supplier;
import java.util.stream.Collectors;
import kb.query.config.EvidenceWeights;
import kb.query.config.FusionMethod;
import kb.query.config.QueryConfig;
import kb.query.l0.KeywordIndex;
import kb.query.l0.L0Hit;
import kb.query.search.corpus.GateThreshold;
import kb.query.search.corpus.NeverMentioned;
import kb.query.search.terms.CjkWords;
import kb.query.search.terms.KeywordSpecificity;
import kb.query.search.terms.NamedTerms;
import kb.query.search.terms.Question;
import kb.query.search.terms.Script;
import kb.search.embed.Embeddings;
import kb.search.es.ChunkDoc;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Hybrid retrieval behind the honesty gate: L0 keywords, then BM25 + kNN (and the L0 documents' chunks) in one
 * round trip, fused by the {@link Fusion} the question's {@link RankingPlan} chooses into documents ranked by
 * their score. Each question is retrieved once: its gate's verdict and L1's own leader come with the answer.
 */
public final class SearchService {

    private static final Logger LOG = LoggerFactory.getLogger(SearchService.class);
    private static final int MAX_COUNTED_KEYWORDS = 16;
    /** Documents whose own passages are read again (a search's default page of results). */
    private static final int MAX_PASSAGE_DOCUMENTS = 10;
    /** A document's passages read by each of BM25 and kNN: its best, whatever the arms' windows held. */
    private static final int PASSAGES_PER_DOCUMENT = 20;

    private final QueryConfig config;
    private final Embeddings embeddings;
    private final ChunkRetriever retriever;
    private final KeywordIndex keywords;
    private final Supplier<GateThreshold> gate;
    private final Supplier<FittedFusion> fusion;
    private final Map<FusionMethod, Fusion> fusions;
    private final PassageCheck check;
    private final ChunkIndex index;

    /**
     * @param gate   the honesty gate's threshold in force (calibrated on the corpus, or as configured)
     * @param fusion the fusion's weights in force (fitted to the corpus, or as configured)
     */
    public SearchService(
            QueryConfig config,
            Embeddings embeddings,
            ChunkRetriever retriever,
            KeywordIndex keywords,
            Supplier<GateThreshold> gate,
            Supplier<FittedFusion> fusion) {
        this(config, embeddings, retriever, keywords, gate, fusion, new Reading(PassageCheck.NONE, null));
    }

    /**
     * What a search reads besides the arms.
     *
     * @param check what the passages shown are checked against (their pages), before they are answered
     * @param index where a document's chunks are read ({@link #chunksOf}); null where that is never asked
     */
    public record Reading(PassageCheck check, ChunkIndex index) {}

    public SearchService(
            QueryConfig config,
            Embeddings embeddings,
            ChunkRetriever retriever,
            KeywordIndex keywords,
            Supplier<GateThreshold> gate,
            Supplier<FittedFusion> fusion,
            Reading reading) {
        this.check = reading.check();
        this.index = reading.index();
        this.config = config;
        this.embeddings = embeddings;
        this.retriever = retriever;
        this.keywords = keywords;
        this.gate = gate;
        this.fusion = fusion;
        this.fusions =
                Fusion.all(config.ranking(), this::evidenceWeights, c -> index == null ? Map.of() : index.includers(c));
    }

    /** A document's chunks in file order, as indexed: what reading it part by part (MCP get_document) reads. */
    public List<ChunkDoc> chunksOf(String docId) throws IOException {
        return index.chunksOf(docId);
    }

    /** The configured fusion per script: what is served until (or unless) the corpus fits its own. */
    public static Map<Script, FusionWeights> configuredWeights(QueryConfig config) {
        return FusionWeights.configured(config.ranking());
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
    public EvidenceWeights evidenceWeights() {
        return config.ranking()
                .evidence()
                .forCorpus(gate.get().chunksPerDocument(), config.ranking().evidenceChunkExponent());
    }

    /** The evidence fusion's weights as configured, before they are balanced for the corpus. */
    public EvidenceWeights configuredEvidenceWeights() {
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
        Scope scope = request.scope();
        RankingPlan plan = plan(request.options(), question);
        List<L0Hit> inCategory =
                scope.isAll() ? l0 : l0.stream().filter(scope::admits).toList();
        List<Embeddings.Space> spaces =
                plan.arms() == SearchOptions.Arms.BM25 ? List.of() : embeddings.forQuery(question.normal());
        ArmHits hits;
        boolean l1Available = true;
        QueryVectors vectors = null;
        try {
            vectors = queryVectors(question, spaces, plan);
            hits = retriever.retrieve(armRequest(question, vectors, scope, inCategory, plan));
        } catch (IOException | RuntimeException e) {
            LOG.warn("L1 unavailable, answering from L0 only: {}", e.toString());
            hits = ArmHits.none();
            l1Available = false;
        }
        hits = hits.withCorpus(hits.corpus().withCjkWords(CjkWords.of(question.normal())));
        KeywordSpecificity.L0Evidence evidence =
                KeywordSpecificity.classify(inCategory, hits.corpus(), keywords.size());
        NeverMentioned never = NeverMentioned.of(
                NamedTerms.of(question.normal()), hits.corpus(), matchedKeywords(l0), retriever::mentions);
        SearchResponse.Gate verdict = HonestyGate.of(gate.get(), question, spaces, embeddings.single())
                .verdict(question, hits, evidence, l1Available, plan.gate(), never);
        Fusion.Input input = fusionInput(question, hits, evidence);
        RankingPlan served = plan(SearchOptions.SERVED, question);
        EvidenceFusion.Scores l1 = fusions.get(served.fusion()).fuse(input.withoutKeywords(), served);
        List<SearchResponse.DocumentResult> documents = verdict.found()
                ? check.check(rank(
                        input,
                        fused(input, plan, served, l1),
                        evidence,
                        plan,
                        request.k(),
                        l1Available ? vectors : null))
                : List.of();
        return new Retrieval(
                question,
                inCategory,
                documents,
                verdict,
                verdict.found() ? List.of() : DocumentRanking.suggestions(hits),
                l1Available,
                hits,
                evidence,
                DocumentRanking.leader(l1));
    }

    /**
     * The arms fused as this request asks. Without an L0 keyword and with the served plan, that is the fusion of
     * L1 alone already made for the leader: a question is fused once, not twice.
     */
    private EvidenceFusion.Scores fused(
            Fusion.Input input, RankingPlan plan, RankingPlan served, EvidenceFusion.Scores l1) {
        boolean sameAsL1 = input.specific().isEmpty() && input.generic().isEmpty() && plan.equals(served);
        return sameAsL1 ? l1 : fusions.get(plan.fusion()).fuse(input, plan);
    }

    /**
     * The documents as fused, each with its own passages in the order of their own evidence (a served search; the
     * fused order stands when Elasticsearch cannot be asked for them).
     *
     * @param vectors the question's embeddings, null when Elasticsearch was not reachable
     */
    private List<SearchResponse.DocumentResult> rank(
            Fusion.Input input,
            EvidenceFusion.Scores fused,
            KeywordSpecificity.L0Evidence evidence,
            RankingPlan plan,
            int k,
            QueryVectors vectors) {
        // A served answer gives one place to one document kept in several formats; an arm alone stays as ranked.
        List<SearchResponse.DocumentResult> documents = plan.hybrid()
                ? FormatFolding.fold(DocumentRanking.rank(input, fused, evidence, FormatFolding.widened(k), true), k)
                : DocumentRanking.rank(input, fused, evidence, k, false);
        if (!plan.hybrid() || vectors == null) {
            return documents;
        }
        List<String> ids = documents.stream()
                .filter(d -> !d.chunks().isEmpty())
                .map(SearchResponse.DocumentResult::docId)
                .limit(MAX_PASSAGE_DOCUMENTS)
                .toList();
        Map<String, List<PassageRanking.Evidence>> passages;
        try {
            passages = ids.isEmpty()
                    ? Map.of()
                    : retriever.passages(input.question().lexical(), vectors.all(), ids, PASSAGES_PER_DOCUMENT);
        } catch (IOException | RuntimeException e) {
            LOG.warn("passages unavailable, shown in the fused order: {}", e.toString());
            return documents;
        }
        return documents.stream()
                .map(d -> passages.getOrDefault(d.docId(), List.of()).isEmpty()
                        ? d
                        : d.withChunks(PassageRanking.shown(passages.get(d.docId()), fused.chunks())))
                .toList();
    }

    /** The keywords L0 matched anywhere in the knowledge base: what it mentions, whatever the scope. */
    private static Set<String> matchedKeywords(List<L0Hit> l0) {
        return l0.stream()
                .flatMap(hit -> hit.keywords().stream())
                .map(L0Hit.KeywordMatch::keyword)
                .collect(Collectors.toSet());
    }

    /** The arms' hits, L0's chunks split by whether a specific keyword matched their document. */
    private Fusion.Input fusionInput(Question question, ArmHits hits, KeywordSpecificity.L0Evidence evidence) {
        List<ChunkDoc> specific =
                hits.l0().stream().filter(c -> evidence.isSpecific(c.docId())).toList();
        List<ChunkDoc> generic =
                hits.l0().stream().filter(c -> !evidence.isSpecific(c.docId())).toList();
        return new Fusion.Input(question, hits, specific, generic, Fusion.vectorFields(embeddings));
    }

    /** The question's embeddings: for its own model's fields, and for the other script's model's (served only). */
    private record QueryVectors(List<ChunkRetriever.QueryVector> own, List<ChunkRetriever.QueryVector> cross) {

        List<ChunkRetriever.QueryVector> all() {
            List<ChunkRetriever.QueryVector> all = new ArrayList<>(own);
            all.addAll(cross);
            return all;
        }
    }

    private QueryVectors queryVectors(Question question, List<Embeddings.Space> spaces, RankingPlan plan)
            throws IOException {
        // Served answers only: the vector arm alone (a diagnosis) stays the question's own model.
        return new QueryVectors(
                embed(question.normal(), spaces),
                plan.hybrid() ? embed(question.normal(), crossSpaces(question)) : List.of());
    }

    private ChunkRetriever.ArmRequest armRequest(
            Question question, QueryVectors vectors, Scope scope, List<L0Hit> l0, RankingPlan plan) {
        return new ChunkRetriever.ArmRequest(
                plan.arms() != SearchOptions.Arms.VECTOR ? question.lexical() : null,
                vectors.own(),
                vectors.cross(),
                scope,
                plan.windows(),
                plan.hybrid() ? l0.stream().map(L0Hit::docId).toList() : List.of(),
                plan.titleBoost(),
                keywordsOf(l0));
    }

    /** The other script's model's fields the served index has. */
    private List<Embeddings.Space> crossSpaces(Question question) throws IOException {
        Set<String> populated = retriever.servingFormat().populated();
        return embeddings.crossForQuery(question.normal()).stream()
                .filter(s -> populated.contains(s.field()))
                .toList();
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
}

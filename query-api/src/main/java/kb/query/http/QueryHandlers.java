package kb.query.http;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.databind.JsonNode;
import io.javalin.http.Context;
import io.javalin.http.UploadedFile;
import io.micrometer.core.instrument.MeterRegistry;
import java.io.IOException;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import kb.core.Json;
import kb.query.answer.ContextResponse;
import kb.query.answer.ContextService;
import kb.query.answer.LookupResponse;
import kb.query.answer.LookupService;
import kb.query.api.ApiServices;
import kb.query.api.CollectionCheck;
import kb.query.api.QueryLog;
import kb.query.api.QueryText;
import kb.query.api.SavedFiles;
import kb.query.config.EvidenceWeights;
import kb.query.config.FusionMethod;
import kb.query.documents.DocumentCatalog;
import kb.query.documents.DocumentDetail;
import kb.query.documents.DocumentFiles;
import kb.query.documents.DocumentSummary;
import kb.query.errors.BadRequestException;
import kb.query.errors.NotFoundException;
import kb.query.errors.UnavailableException;
import kb.query.search.FittedFusion;
import kb.query.search.FusionFit;
import kb.query.search.FusionWeights;
import kb.query.search.PseudoQuestions;
import kb.query.search.Retrieval;
import kb.query.search.Scope;
import kb.query.search.SearchRequest;
import kb.query.search.SearchResponse;
import kb.query.search.SearchService;
import kb.query.search.terms.Question;
import kb.query.search.terms.Script;
import kb.query.status.BuildInfo;
import kb.query.status.IndexingProgress;
import kb.query.status.WithIndexState;

/** The handlers: validate at the edge, delegate, count, log the question. */
final class QueryHandlers {

    static final int MAX_PAGE = 100_000;
    static final int MAX_PAGE_SIZE = 1000;
    static final int DEFAULT_PAGE_SIZE = 100;
    static final String DEGRADED_HEADER = "X-KB-Degraded";
    /** Elasticsearch refuses ids over 512 bytes; ours are 32 hex characters. */
    static final int MAX_DOC_ID_BYTES = 512;

    private final ApiServices services;
    private final MeterRegistry registry;
    private final CollectionCheck collections;
    private final SavedFiles savedFiles;

    QueryHandlers(ApiServices services, MeterRegistry registry) {
        this.services = services;
        this.registry = registry;
        this.collections = CollectionCheck.of(services);
        this.savedFiles = new SavedFiles(services, Clock.systemUTC());
        for (String decision : new String[] {"found", "deflected"}) {
            registry.counter("kb_query_gate_total", "route", "search", "decision", decision);
        }
    }

    /** From state only (the L0 feed, the background L1 probe): answers at once even when Elasticsearch hangs. */
    void health(Context ctx) {
        boolean ready = services.health().ready().getAsBoolean();
        boolean l1 = services.health().l1().isUp();
        HealthDetails details = healthDetails();
        String diskFull = services.health().disk().reason();
        if (diskFull != null) {
            // Answers still come, but nothing new is indexed until space is freed: an orchestrator should know.
            ctx.status(503).json(Map.of("status", "DEGRADED", "reason", diskFull, "details", details));
            return;
        }
        ctx.status(ready && l1 ? 200 : 503)
                .json(Map.of("status", !ready ? "STARTING" : l1 ? "UP" : "DEGRADED", "details", details));
    }

    /**
     * Liveness: the process answers HTTP, nothing else is asked, so a supervisor restarts a process that hangs and
     * never one that waits for Elasticsearch or the broker.
     */
    void live(Context ctx) {
        ctx.json(Map.of("status", "UP"));
    }

    /**
     * Readiness: the first scan of the folders is published and the exact tier (L0) is loaded, so answers from now
     * on are the pipeline's, not a start's. Elasticsearch down or a full disk leave it ready (answers still come,
     * from L0; {@code /health} says DEGRADED); the details say why an answer may be partial.
     */
    void ready(Context ctx) {
        Readiness readiness = Readiness.of(services.health().ready().getAsBoolean(), healthDetails());
        ctx.status(readiness.httpStatus()).json(readiness.body());
    }

    /** {@code /health/ready}'s answer: 200 READY once ready, 503 STARTING before. */
    record Readiness(int httpStatus, Map<String, Object> body) {
        static Readiness of(boolean ready, HealthDetails details) {
            return new Readiness(ready ? 200 : 503, Map.of("status", ready ? "READY" : "STARTING", "details", details));
        }
    }

    private HealthDetails healthDetails() {
        boolean l1 = services.health().l1().isUp();
        // Still 200 while indexing: partial answers are useful; the detail says an absence may be temporary.
        IndexingProgress.Block indexing = services.health().status().indexing();
        return new HealthDetails(
                services.health().l0Ready().getAsBoolean() ? "ready" : "loading",
                l1 ? "up" : "unavailable",
                l1 ? null : services.health().l1().problem(),
                indexing == null ? "unknown" : indexing.running() ? "indexing" : "done");
    }

    /** @param l1Problem why Elasticsearch does not answer; left out while it does */
    record HealthDetails(
            String l0, String l1, @JsonInclude(JsonInclude.Include.NON_NULL) String l1Problem, String indexing) {}

    void status(Context ctx) throws Exception {
        DocumentCatalog.IndexCounts counts =
                services.documents().catalog().counts(services.documents().chunksAlias());
        Map<String, Object> status = services.health().status().snapshot(counts);
        status.put("version", BuildInfo.current());
        status.put("l0Documents", services.health().l0Documents().getAsInt());
        status.put("l0", services.health().l0Ready().getAsBoolean() ? "ready" : "loading");
        status.put("gate", services.answering().search().gateThreshold());
        status.put("calibration", services.health().calibration().get());
        status.put("fusion", fusionStatus());
        status.put("collections", collections());
        status.put(
                "disk",
                services.health().disk().full() ? services.health().disk().reason() : "ok");
        status.put("degraded", services.health().disk().reason()); // /health's reason: ES limits, read-only, folders
        ctx.json(status);
    }

    /**
     * The fusion in force: its method and, for evidence, its weights as balanced for the corpus's chunks per
     * document and as configured; the rank fusion's weights, why, and whether
     * they (and the gate) were fitted on the corpus as it is.
     */
    private FusionStatus fusionStatus() {
        SearchService search = services.answering().search();
        FittedFusion fusion = search.fusion();
        FusionMethod method = search.fusionMethod();
        boolean evidence = method == FusionMethod.EVIDENCE;
        return new FusionStatus(
                method.name().toLowerCase(Locale.ROOT),
                evidence ? search.evidenceWeights() : null,
                evidence ? search.configuredEvidenceWeights() : null,
                evidence ? search.gateThreshold().chunksPerDocument() : null,
                fusion.source(),
                services.health().rankingSettled().getAsBoolean(),
                fusion.weights(),
                fusion.fits(),
                fusion.kinds(),
                fusion.chunks(),
                fusion.fittedAt());
    }

    /** The fusion block of {@code /api/v1/status}; the evidence fields only when the evidence fusion is served. */
    record FusionStatus(
            String method,
            @JsonInclude(JsonInclude.Include.NON_NULL) EvidenceWeights evidence,
            @JsonInclude(JsonInclude.Include.NON_NULL) EvidenceWeights evidenceConfigured,
            @JsonInclude(JsonInclude.Include.NON_NULL) Double chunksPerDocument,
            String source,
            boolean settled,
            Map<Script, FusionWeights> weights,
            Map<Script, FusionFit.Result> fits,
            Map<PseudoQuestions.Kind, Long> pseudoQuestions,
            long chunks,
            long fittedAt) {}

    /** Every collection served here or found in the index, with its documents. */
    private List<CollectionCount> collections() throws IOException {
        Map<String, Long> counts = new LinkedHashMap<>();
        services.documents().files().collections().forEach(name -> counts.put(name, 0L));
        services.documents().catalog().countsByCollection().forEach(counts::put);
        return counts.entrySet().stream()
                .map(e -> new CollectionCount(e.getKey(), e.getValue()))
                .toList();
    }

    record CollectionCount(String name, long documents) {}

    /** Recently changed documents the overview lists by default, and at most. */
    static final int DEFAULT_RECENT = 10;

    static final int MAX_RECENT = 100;
    /** Tags the overview lists by default, and at most. */
    static final int DEFAULT_TAGS = 30;

    static final int MAX_TAGS = 200;

    /** What is in the knowledge base before any question: the page's home view. */
    void overview(Context ctx) throws IOException {
        int recent = RequestParams.wholeNumber(ctx, "recent", 1, MAX_RECENT).orElse(DEFAULT_RECENT);
        int tags = RequestParams.wholeNumber(ctx, "tags", 1, MAX_TAGS).orElse(DEFAULT_TAGS);
        DocumentCatalog catalog = services.documents().catalog();
        ctx.json(new Overview(catalog.documentCount(), collections(), catalog.tagCounts(tags), catalog.recent(recent)));
    }

    /**
     * @param documents every document indexed
     * @param tags      the most used tags, most used first
     * @param recent    the documents changed last, newest first
     */
    record Overview(
            long documents,
            List<CollectionCount> collections,
            List<DocumentCatalog.TagCount> tags,
            List<DocumentSummary> recent) {}

    void search(Context ctx) {
        long start = System.nanoTime();
        SearchRequest request = RequestParams.search(ctx);
        collections.check(request.scope());
        Retrieval retrieval = services.answering().search().retrieve(request);
        countGate(retrieval, "search");
        markDegraded(ctx, retrieval);
        ctx.json(WithIndexState.of(
                SearchResponse.of(
                        retrieval,
                        services.health().status().partial(),
                        request.options().explain()),
                retrieval.found(),
                services.health().status().indexState()));
        log(
                "/api/v1/search",
                retrieval,
                retrieval.documents().stream()
                        .map(SearchResponse.DocumentResult::path)
                        .toList(),
                start);
    }

    void lookupGet(Context ctx) {
        lookup(ctx, ctx.queryParam("query"), ctx.queryParam("section_title"), RequestParams.scope(ctx));
    }

    void lookupPost(Context ctx) throws IOException {
        JsonNode body;
        try {
            body = Json.MAPPER.readTree(ctx.body());
        } catch (IOException e) {
            throw new BadRequestException("body must be JSON: {\"query\": ..., \"section_title\": ...}");
        }
        if (body == null || !body.isObject()) {
            throw new BadRequestException("body must be a JSON object: {\"query\": ..., \"section_title\": ...}");
        }
        lookup(
                ctx,
                field(body, "query"),
                field(body, "section_title"),
                new Scope(
                        field(body, "collection"), field(body, "category"), texts(body, "tag"), texts(body, "where")));
    }

    /** A JSON string or array of strings, as the repeatable query parameters {@code tag} and {@code where}. */
    private static List<String> texts(JsonNode body, String name) {
        if (body == null || !body.hasNonNull(name)) {
            return List.of();
        }
        JsonNode value = body.get(name);
        if (value.isTextual()) {
            return List.of(value.asText());
        }
        if (!value.isArray()) {
            throw new BadRequestException(name + " must be a string or an array of strings");
        }
        List<String> texts = new ArrayList<>();
        for (JsonNode item : value) {
            if (!item.isTextual()) {
                throw new BadRequestException(name + " must be a string or an array of strings");
            }
            texts.add(item.asText());
        }
        return texts;
    }

    /** An optional string field of a JSON body; another type is a 400, not text guessed from it. */
    private static String field(JsonNode body, String name) {
        if (body == null || !body.hasNonNull(name)) {
            return null;
        }
        if (!body.get(name).isTextual()) {
            throw new BadRequestException(name + " must be a string");
        }
        return body.get(name).asText();
    }

    private void lookup(Context ctx, String query, String sectionTitle, Scope scope) {
        long start = System.nanoTime();
        Question question = QueryText.question(query, "query");
        collections.check(scope);
        LookupService.Outcome outcome = services.answering().lookup().lookup(question, sectionTitle, scope);
        registry.counter("kb_lookup_total", "match_type", outcome.matchType()).increment();
        if (outcome.degraded()) {
            ctx.header(DEGRADED_HEADER, "l1-unavailable");
        }
        LookupResponse response = outcome.response();
        ctx.json(WithIndexState.of(
                response, response.found(), services.health().status().indexState()));
        List<String> sources = new ArrayList<>();
        if (response.primary() != null) {
            sources.add(response.primary().source());
        }
        if (response.supplement() != null) {
            sources.add(response.supplement().source());
        }
        // A lookup logs the question as asked, every L0 hit and whether it answered (the gate aside).
        services.answering()
                .queryLog()
                .publish(QueryLog.event("/api/v1/lookup", outcome.retrieval(), sources, start)
                        .asLookup(question.asked(), outcome.l0().size(), response.found()));
    }

    void context(Context ctx) throws IOException {
        long start = System.nanoTime();
        Question question = QueryText.question(ctx.queryParam("q"), "q");
        Scope scope = RequestParams.scope(ctx);
        collections.check(scope);
        ContextService.Outcome outcome = services.answering().context().context(question, scope);
        countGate(outcome.retrieval(), "context");
        markDegraded(ctx, outcome.retrieval());
        ctx.json(WithIndexState.of(
                outcome.response(),
                outcome.response().found(),
                services.health().status().indexState()));
        log(
                "/api/v1/context",
                outcome.retrieval(),
                outcome.response().documents().stream()
                        .map(ContextResponse.ContextDocument::source)
                        .toList(),
                start);
    }

    void listDocuments(Context ctx) throws IOException {
        Scope scope = RequestParams.scope(ctx);
        collections.check(scope);
        ctx.json(services.documents()
                .catalog()
                .list(
                        RequestParams.wholeNumber(ctx, "page", 0, MAX_PAGE).orElse(0),
                        RequestParams.wholeNumber(ctx, "size", 1, MAX_PAGE_SIZE).orElse(DEFAULT_PAGE_SIZE),
                        scope));
    }

    void getDocument(Context ctx) throws IOException {
        String docId = docId(ctx);
        ctx.json(services.documents()
                .catalog()
                .get(docId)
                .map(card ->
                        DocumentDetail.of(card, services.documents().links().of(docId)))
                .orElseThrow(() -> new NotFoundException("no document " + docId)));
    }

    /** The file's text as indexed, for the page's "raw file" link: plain text, never rendered by the browser. */
    /**
     * The document as stored: a text file's content; a PDF's own file when this API sees its folder (so the
     * browser's viewer opens it at {@code #page=N}), else the text extracted from it.
     */
    void getRawDocument(Context ctx) throws IOException {
        String docId = docId(ctx);
        kb.search.es.CardDoc card = services.documents()
                .catalog()
                .get(docId)
                .orElseThrow(() -> new NotFoundException("no document " + docId));
        String name = card.card().path() == null
                ? docId
                : card.card().path().substring(card.card().path().lastIndexOf('/') + 1);
        ctx.header("X-Content-Type-Options", "nosniff")
                .header(
                        "Content-Disposition",
                        "inline; filename*=UTF-8''"
                                + URLEncoder.encode(name, StandardCharsets.UTF_8)
                                        .replace("+", "%20"));
        Optional<Path> pdf = "pdf".equals(card.card().format())
                ? services.documents()
                        .files()
                        .original(card.card().collection(), card.card().path())
                : Optional.empty();
        if (pdf.isPresent()) {
            ctx.contentType("application/pdf").result(Files.newInputStream(pdf.get()));
            return;
        }
        ctx.contentType("text/plain; charset=utf-8").result(card.content() == null ? "" : card.content());
    }

    /**
     * 202 with where the file went; with {@code wait=true}, 200 once that version is searchable, or 202 after
     * {@code KB_WRITE_WAIT} with {@code searchable: false}, the reason and the index's state.
     */
    void upload(Context ctx) throws IOException {
        authorize(ctx);
        UploadedFile file = multipartFile(ctx);
        boolean wait = flag(ctx, "wait");
        var answer = savedFiles.save(
                new SavedFiles.Upload(
                        ctx.formParam("collection"),
                        ctx.formParam("category"),
                        file.filename(),
                        file.size(),
                        file.content(),
                        flag(ctx, "overwrite")),
                wait);
        ctx.status(wait && Boolean.TRUE.equals(answer.answer().searchable()) ? 200 : 202)
                .json(answer);
    }

    /**
     * {@code overwrite=true} (replace a file of that name) or {@code wait=true} (answer once searchable), as a form
     * field or a query parameter; anything but true or false is the caller's error.
     */
    private static boolean flag(Context ctx, String name) {
        String field = ctx.formParam(name);
        String value = field != null ? field : ctx.queryParam(name);
        if (value == null || value.isBlank() || "false".equalsIgnoreCase(value.strip())) {
            return false;
        }
        if ("true".equalsIgnoreCase(value.strip())) {
            return true;
        }
        throw new BadRequestException(name + " must be true or false");
    }

    /** The {@code file} part; a body Jetty cannot parse (bad boundary, CR in a header) is the client's error. */
    private static UploadedFile multipartFile(Context ctx) {
        UploadedFile file;
        try {
            file = ctx.uploadedFile("file");
        } catch (Exception e) {
            String message = String.valueOf(e.getMessage());
            if (message.contains("exceeds max")) {
                throw new DocumentFiles.InvalidUpload(413, "file is over the upload size cap");
            }
            throw new BadRequestException("malformed multipart body: " + message);
        }
        if (file == null) {
            throw new BadRequestException("multipart field 'file' is required");
        }
        return file;
    }

    void delete(Context ctx) throws IOException {
        authorize(ctx);
        String docId = docId(ctx);
        kb.search.es.CardDoc card = services.documents()
                .catalog()
                .get(docId)
                .orElseThrow(() -> new NotFoundException("no document " + docId));
        services.documents()
                .files()
                .delete(card.card().collection(), card.card().path());
        ctx.status(202)
                .json(new Deleted(docId, card.card().collection(), card.card().path()));
    }

    record Deleted(String docId, String collection, String path) {}

    void startReindex(Context ctx) {
        authorize(ctx);
        if (services.documents().reindex() == null) {
            throw new UnavailableException("reindex runs in the indexer sink; start it with KB_FORCE_REINDEX=true");
        }
        ctx.status(202).json(services.documents().reindex().requestReindex());
    }

    void reindexStatus(Context ctx) {
        String id = ctx.pathParam("id");
        if (services.documents().reindex() == null) {
            throw new NotFoundException("no reindex " + id);
        }
        ctx.json(services.documents()
                .reindex()
                .reindexStatus(id)
                .orElseThrow(() -> new NotFoundException("no reindex " + id)));
    }

    /** Writes come from an allowed origin and carry the bearer token when one is configured. */
    /** The broker and Elasticsearch behind this API, for {@code kb verify --url}: only to a caller allowed to write. */
    void pipelineAddress(Context ctx) {
        authorize(ctx);
        ctx.json(services.address());
    }

    private void authorize(Context ctx) {
        services.writes().checkWrite(ctx.header("Origin"), ctx.header("Host"), ctx.header("Authorization"));
    }

    /** Elasticsearch was not asked: found=false then means "could not look", and the header says so. */
    private static void markDegraded(Context ctx, Retrieval retrieval) {
        if (!retrieval.l1Available()) {
            ctx.header(DEGRADED_HEADER, "l1-unavailable");
        }
    }

    private static String docId(Context ctx) {
        String docId = ctx.pathParam("docId");
        if (docId.getBytes(StandardCharsets.UTF_8).length > MAX_DOC_ID_BYTES) {
            throw new BadRequestException("document id is longer than " + MAX_DOC_ID_BYTES + " bytes");
        }
        return docId;
    }

    private void countGate(Retrieval retrieval, String route) {
        registry.counter("kb_query_gate_total", "route", route, "decision", retrieval.found() ? "found" : "deflected")
                .increment();
        registry.summary("kb_query_l0_hits", "route", route)
                .record(retrieval.l0().size());
        registry.summary("kb_query_results", "route", route)
                .record(retrieval.documents().size());
    }

    private void log(String route, Retrieval retrieval, List<String> sources, long start) {
        services.answering().queryLog().publish(QueryLog.event(route, retrieval, sources, start));
    }
}

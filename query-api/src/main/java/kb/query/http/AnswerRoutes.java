package kb.query.http;

import static io.javalin.apibuilder.ApiBuilder.get;
import static io.javalin.apibuilder.ApiBuilder.post;

import io.javalin.apibuilder.EndpointGroup;
import io.javalin.http.Context;
import io.micrometer.core.instrument.MeterRegistry;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import kb.query.answer.ContextResponse;
import kb.query.answer.ContextService;
import kb.query.answer.LookupResponse;
import kb.query.answer.LookupService;
import kb.query.api.ApiServices;
import kb.query.api.Arguments;
import kb.query.api.CollectionCheck;
import kb.query.api.QueryLog;
import kb.query.api.QueryText;
import kb.query.search.Retrieval;
import kb.query.search.Scope;
import kb.query.search.SearchRequest;
import kb.query.search.SearchResponse;
import kb.query.search.terms.Question;
import kb.query.status.WithIndexState;

/** The answers, under {@code /api/v1}: search, lookup (by query or JSON body) and context; each counted and logged. */
final class AnswerRoutes implements EndpointGroup {

    static final String DEGRADED_HEADER = "X-KB-Degraded";
    private static final String LOOKUP_BODY = "{\"query\": ..., \"section_title\": ...}";

    private final ApiServices services;
    private final AnswerMetrics metrics;
    private final CollectionCheck collections;

    AnswerRoutes(ApiServices services, MeterRegistry registry) {
        this.services = services;
        this.metrics = new AnswerMetrics(registry);
        this.collections = CollectionCheck.of(services);
    }

    @Override
    public void addEndpoints() {
        get("/search", this::search);
        get("/lookup", this::lookupGet);
        post("/lookup", this::lookupPost);
        get("/context", this::context);
    }

    void search(Context ctx) {
        long start = System.nanoTime();
        SearchRequest request = RequestParams.search(ctx);
        collections.check(request.scope());
        Retrieval retrieval = services.answering().search().retrieve(request);
        metrics.countGate(retrieval, "search");
        markDegraded(ctx, retrieval);
        ctx.json(WithIndexState.of(
                SearchResponse.of(
                        retrieval,
                        services.health().status().partial(),
                        request.options().explain()),
                retrieval.found(),
                services.health().status().indexState()));
        List<String> sources = retrieval.documents().stream()
                .map(SearchResponse.DocumentResult::path)
                .toList();
        log("/api/v1/search", retrieval, sources, start);
    }

    void lookupGet(Context ctx) {
        lookup(ctx, ctx.queryParam("query"), ctx.queryParam("section_title"), RequestParams.scope(ctx));
    }

    /** The body's fields as the query parameters of that name; the question as sent, as a parameter's would be. */
    void lookupPost(Context ctx) {
        Arguments body = Arguments.ofJsonObject(ctx.body(), LOOKUP_BODY);
        lookup(ctx, body.given("query"), body.given("section_title"), body.scope());
    }

    private void lookup(Context ctx, String query, String sectionTitle, Scope scope) {
        long start = System.nanoTime();
        Question question = QueryText.question(query, "query");
        collections.check(scope);
        LookupService.Outcome outcome = services.answering().lookup().lookup(question, sectionTitle, scope);
        metrics.countLookup(outcome.matchType());
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
        metrics.countGate(outcome.retrieval(), "context");
        markDegraded(ctx, outcome.retrieval());
        ctx.json(WithIndexState.of(
                outcome.response(),
                outcome.response().found(),
                services.health().status().indexState()));
        List<String> sources = outcome.response().documents().stream()
                .map(ContextResponse.ContextDocument::source)
                .toList();
        log("/api/v1/context", outcome.retrieval(), sources, start);
    }

    /** Elasticsearch was not asked: found=false then means "could not look", and the header says so. */
    private static void markDegraded(Context ctx, Retrieval retrieval) {
        if (!retrieval.l1Available()) {
            ctx.header(DEGRADED_HEADER, "l1-unavailable");
        }
    }

    private void log(String route, Retrieval retrieval, List<String> sources, long start) {
        services.answering().queryLog().publish(QueryLog.event(route, retrieval, sources, start));
    }
}

package kb.query.http;

import static io.javalin.apibuilder.ApiBuilder.get;

import io.javalin.apibuilder.EndpointGroup;
import io.javalin.http.Context;
import java.io.IOException;
import java.util.List;
import java.util.Map;
import kb.query.api.ApiServices;
import kb.query.documents.DocumentCatalog;
import kb.query.documents.DocumentSummary;
import kb.query.status.BuildInfo;
import kb.query.status.CollectionCount;
import kb.query.status.FusionStatus;

/** What the knowledge base holds and how its pipeline is, under {@code /api/v1}: the status and the overview. */
final class StatusRoutes implements EndpointGroup {

    /** Recently changed documents the overview lists by default, and at most. */
    static final int DEFAULT_RECENT = 10;

    static final int MAX_RECENT = 100;
    /** Tags the overview lists by default, and at most. */
    static final int DEFAULT_TAGS = 30;

    static final int MAX_TAGS = 200;

    private final ApiServices services;

    StatusRoutes(ApiServices services) {
        this.services = services;
    }

    @Override
    public void addEndpoints() {
        get("/status", this::status);
        get("/overview", this::overview);
    }

    void status(Context ctx) throws Exception {
        DocumentCatalog.IndexCounts counts =
                services.documents().catalog().counts(services.documents().chunksAlias());
        Map<String, Object> status = services.health().status().snapshot(counts);
        status.put("version", BuildInfo.current());
        status.put("l0Documents", services.health().l0Documents().getAsInt());
        status.put("l0", services.health().l0Ready().getAsBoolean() ? "ready" : "loading");
        status.put("gate", services.answering().search().gateThreshold());
        status.put("calibration", services.health().calibration().get());
        status.put(
                "fusion",
                FusionStatus.of(
                        services.answering().search(),
                        services.health().rankingSettled().getAsBoolean()));
        status.put("collections", collections());
        status.put(
                "disk",
                services.health().disk().full() ? services.health().disk().reason() : "ok");
        status.put("degraded", services.health().disk().reason()); // /health's reason: ES limits, read-only, folders
        ctx.json(status);
    }

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

    /** Every collection served here or found in the index, with its documents. */
    private List<CollectionCount> collections() throws IOException {
        return CollectionCount.of(
                services.documents().files().collections(),
                services.documents().catalog().countsByCollection());
    }
}

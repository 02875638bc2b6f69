package kb.query.http;

import static io.javalin.apibuilder.ApiBuilder.get;
import static io.javalin.apibuilder.ApiBuilder.post;

import io.javalin.apibuilder.EndpointGroup;
import io.javalin.http.Context;
import kb.query.api.ApiServices;
import kb.query.errors.NotFoundException;
import kb.query.errors.UnavailableException;

/** The operator's routes, under {@code /api/v1}: the index's rebuild and the pipeline's address. */
final class AdminRoutes implements EndpointGroup {

    private final ApiServices services;

    AdminRoutes(ApiServices services) {
        this.services = services;
    }

    @Override
    public void addEndpoints() {
        post("/reindex", this::startReindex);
        get("/reindex/{id}", this::reindexStatus);
        get("/pipeline", this::pipelineAddress);
    }

    void startReindex(Context ctx) {
        WriteAccess.authorize(ctx, services.writes());
        if (services.documents().reindex() == null) {
            throw new UnavailableException("reindex runs in the indexer sink; start it with KB_FORCE_REINDEX=true");
        }
        if (!services.health().l1().isStarted()) {
            // A restart answers from L0 before the sink has read its index versions.
            throw new UnavailableException("Elasticsearch is starting: ask again once /health says UP");
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

    /** The broker and Elasticsearch behind this API, for {@code kb verify --url}: only to a caller allowed to write. */
    void pipelineAddress(Context ctx) {
        WriteAccess.authorize(ctx, services.writes());
        ctx.json(services.address());
    }
}

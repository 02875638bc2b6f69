package kb.query.http;

import static io.javalin.apibuilder.ApiBuilder.get;

import io.javalin.apibuilder.EndpointGroup;
import io.javalin.http.Context;
import java.util.Map;
import kb.query.api.ApiServices;
import kb.query.status.HealthDetails;
import kb.query.status.Readiness;

/**
 * Health, under {@code /health}: from state only (the L0 feed, the background L1 probe), so each answers at once
 * even when Elasticsearch hangs.
 */
final class HealthRoutes implements EndpointGroup {

    private final ApiServices services;

    HealthRoutes(ApiServices services) {
        this.services = services;
    }

    @Override
    public void addEndpoints() {
        get(this::health);
        get("/live", this::live);
        get("/ready", this::ready);
    }

    void health(Context ctx) {
        boolean ready = services.health().ready().getAsBoolean();
        boolean l1 = services.health().l1().isUp();
        HealthDetails details = details();
        String diskFull = services.health().disk().reason();
        if (diskFull != null) {
            // Answers still come, but nothing new is indexed until space is freed: an orchestrator should know.
            ctx.status(503).json(Map.of("status", "DEGRADED", "reason", diskFull, "details", details));
            return;
        }
        // Serving before Elasticsearch's first probe is a start (a restart answering from L0), not an outage.
        boolean starting = !ready || !services.health().l1().isStarted();
        ctx.status(ready && l1 ? 200 : 503)
                .json(Map.of("status", starting ? "STARTING" : l1 ? "UP" : "DEGRADED", "details", details));
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
        Readiness readiness = Readiness.of(services.health().ready().getAsBoolean(), details());
        ctx.status(readiness.httpStatus()).json(readiness.body());
    }

    private HealthDetails details() {
        return HealthDetails.of(
                services.health().l0Ready().getAsBoolean(),
                services.health().l1(),
                services.health().status().indexing());
    }
}

package kb.query.http;

import io.javalin.http.Context;
import java.util.Optional;
import kb.core.settings.PathPrefix;

/**
 * The path prefix a request came through a gateway under, for the few answers that must state a path from the root
 * (the OpenAPI description's server). The search page needs none: its URLs are relative to the page, so it works
 * under any prefix as served. A header sent straight to the API, by-passing the gateway, changes only what that
 * client itself is told.
 *
 * @param configured {@code KB_API_BASE_PATH}, for a gateway that cannot send {@value #HEADER}
 */
record GatewayPrefix(Optional<PathPrefix> configured) {

    /**
     * What a gateway that strips a prefix sends (Traefik's StripPrefix adds it; nginx is told to, docs/operations.md);
     * only a valid {@link PathPrefix} is taken from it.
     */
    static final String HEADER = "X-Forwarded-Prefix";

    /** The gateway's header when it is a valid prefix, else the configured prefix: {@code /kb}, or empty. */
    Optional<PathPrefix> of(Context ctx) {
        return PathPrefix.parse(ctx.header(HEADER)).or(this::configured);
    }
}

package kb.query.http;

import io.javalin.http.Context;
import kb.query.api.WriteGuard;

/** The writes' door: a write comes from an allowed origin and carries the bearer token when one is configured. */
final class WriteAccess {

    private WriteAccess() {}

    static void authorize(Context ctx, WriteGuard writes) {
        writes.checkWrite(ctx.header("Origin"), ctx.header("Host"), ctx.header("Authorization"));
    }
}

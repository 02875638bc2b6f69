package kb.query.mcp;

import jakarta.servlet.Filter;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import kb.core.Json;
import kb.query.api.WriteGuard;
import kb.query.errors.ApiError;
import kb.query.errors.ForbiddenException;
import kb.query.errors.UnauthorizedException;

/**
 * What stands before the MCP transport on {@code /mcp}: Origin and Host validation, as the MCP specification
 * requires against DNS rebinding (the same rules as for writes), a message size cap, and the refusal of a malformed
 * JSON-RPC message with its error, before the SDK reads it.
 */
public final class McpRequestFilter {

    private McpRequestFilter() {}

    /** The filter, with writes' Origin and Host rules from {@code guard}. */
    public static Filter of(WriteGuard guard) {
        return (request, response, chain) -> {
            var http = (HttpServletRequest) request;
            var out = (HttpServletResponse) response;
            if (!guard.allows(http.getHeader("Origin"), http.getHeader("Host"))) {
                write(
                        out,
                        403,
                        new ApiError(
                                "forbidden",
                                "Origin " + http.getHeader("Origin") + " / Host " + http.getHeader("Host")
                                        + " may not use /mcp"));
                return;
            }
            if (!"POST".equals(http.getMethod())) {
                chain.doFilter(request, response);
                return;
            }
            byte[] body = http.getInputStream().readNBytes(MAX_MESSAGE_BYTES + 1);
            if (body.length > MAX_MESSAGE_BYTES) {
                write(
                        out,
                        413,
                        McpMessages.envelope(
                                null,
                                McpMessages.INVALID_REQUEST,
                                "a message is at most " + MAX_MESSAGE_BYTES + " bytes"));
                return;
            }
            var refusal = McpMessages.refusal(body);
            if (refusal.isPresent()) {
                write(out, 400, refusal.get());
                return;
            }
            if (McpMessages.isWrite(body, NoteTool.NAME) && !tokenAllows(guard, http)) {
                // A write over MCP needs what an upload needs: the bearer token, when one is configured.
                write(
                        out,
                        401,
                        McpMessages.envelope(
                                null,
                                McpMessages.INVALID_REQUEST,
                                NoteTool.NAME + " writes: a valid bearer token is required (KB_API_TOKEN)"));
                return;
            }
            chain.doFilter(new ReplayedBody(http, body), response);
        };
    }

    private static boolean tokenAllows(WriteGuard guard, HttpServletRequest http) {
        try {
            guard.checkWrite(http.getHeader("Origin"), http.getHeader("Host"), http.getHeader("Authorization"));
            return true;
        } catch (UnauthorizedException | ForbiddenException e) {
            return false;
        }
    }

    /** An MCP message carries a question of 2,000 characters at most: a megabyte is far beyond any real one. */
    static final int MAX_MESSAGE_BYTES = 1 << 20;

    private static void write(HttpServletResponse out, int status, Object body) throws IOException {
        out.setStatus(status);
        out.setContentType("application/json");
        out.getOutputStream().write(Json.MAPPER.writeValueAsBytes(body));
    }
}

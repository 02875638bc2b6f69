package kb.query.api;

import java.net.InetAddress;
import java.net.URI;
import java.net.UnknownHostException;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.Locale;
import java.util.Set;
import kb.query.config.QueryConfig;
import kb.query.errors.ForbiddenException;
import kb.query.errors.UnauthorizedException;

/**
 * Who may write (upload, delete, reindex) and use {@code /mcp}: browsers only from the API's own origin (or
 * one listed in {@code KB_API_ALLOWED_ORIGINS}), so a web page cannot post a form or a fetch to the API; on a
 * loopback bind only under a loopback Host name, so DNS rebinding cannot turn a page into a same-origin
 * caller; and, when configured, the bearer token, compared in constant time.
 *
 * @param token          the bearer token, null when none is configured
 * @param allowedOrigins browser origins besides the API's own, exactly as browsers send them
 * @param loopbackBind   true when the API listens on loopback only
 */
public record WriteGuard(String token, Set<String> allowedOrigins, boolean loopbackBind) {

    private static final Set<String> LOOPBACK_NAMES = Set.of("localhost", "127.0.0.1", "[::1]", "::1");

    public static WriteGuard from(QueryConfig config) {
        return new WriteGuard(
                config.exposure().apiToken(),
                Set.copyOf(config.exposure().allowedOrigins()),
                isLoopback(config.exposure().host()));
    }

    /** Refuses a bind beyond loopback without a token: anyone who can reach the port could write. */
    public static void checkExposure(QueryConfig config) {
        if (!isLoopback(config.exposure().host()) && config.exposure().apiToken() == null) {
            throw new IllegalArgumentException(
                    "KB_API_HOST=" + config.exposure().host() + " listens beyond this machine: set "
                            + "KB_API_TOKEN so that uploads, deletes and reindex need it (or bind to 127.0.0.1)");
        }
    }

    public static boolean isLoopback(String host) {
        if (LOOPBACK_NAMES.contains(host.toLowerCase(Locale.ROOT))) {
            return true;
        }
        try {
            return InetAddress.getByName(host).isLoopbackAddress();
        } catch (UnknownHostException e) {
            return false;
        }
    }

    /** A write: from an allowed origin, under an allowed Host, with the token when one is configured. */
    public void checkWrite(String origin, String host, String authorization) {
        if (!allows(origin, host)) {
            throw new ForbiddenException("cross-origin writes are refused (Origin " + origin + ", Host " + host
                    + "); allow an origin with KB_API_ALLOWED_ORIGINS");
        }
        if (token != null && !tokenMatches(authorization)) {
            throw new UnauthorizedException("a valid bearer token is required for this operation");
        }
    }

    /**
     * @param origin the Origin header: null from non-browser clients (curl, agents), always present on a
     *               browser's POST and DELETE
     * @param host   the Host header
     */
    public boolean allows(String origin, String host) {
        if (!hostAllowed(host)) {
            return false;
        }
        if (origin == null || allowedOrigins.contains(origin)) {
            return true;
        }
        try {
            URI uri = URI.create(origin);
            String authority = uri.getRawAuthority();
            return authority != null
                    && ("http".equals(uri.getScheme()) || "https".equals(uri.getScheme()))
                    && authority.equalsIgnoreCase(host);
        } catch (IllegalArgumentException e) {
            return false; // "null" (sandboxed frames, file: pages) and junk are never our origin
        }
    }

    /**
     * On loopback the API is only ever addressed as localhost: any other name is a rebinding attempt (a page
     * whose own name now resolves to 127.0.0.1), refused on every route, reads included.
     */
    public boolean hostAllowed(String host) {
        if (host == null) {
            return false;
        }
        if (!loopbackBind) {
            return true; // reachable by any name; writes then need the token, which a rebinding page lacks
        }
        String name = host.startsWith("[")
                ? host.substring(0, host.indexOf(']') + 1)
                : host.contains(":") ? host.substring(0, host.lastIndexOf(':')) : host;
        return LOOPBACK_NAMES.contains(name.toLowerCase(Locale.ROOT));
    }

    private boolean tokenMatches(String authorization) {
        byte[] expected = ("Bearer " + token).getBytes(StandardCharsets.UTF_8);
        byte[] given = (authorization == null ? "" : authorization).getBytes(StandardCharsets.UTF_8);
        return MessageDigest.isEqual(expected, given);
    }
}

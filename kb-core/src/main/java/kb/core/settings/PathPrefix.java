package kb.core.settings;

import java.util.Optional;
import java.util.regex.Pattern;

/**
 * The path a gateway serves the API under ({@code /kb} when nginx proxies {@code /kb/} to it), from the gateway's
 * {@code X-Forwarded-Prefix} header or the {@code KB_API_BASE_PATH} setting. The rule is defined here once, for
 * both: a header is client input, and it ends up inside a JSON document a browser or an agent reads, so only plain
 * path segments pass.
 *
 * @param path {@code /}-separated segments of letters, digits, {@code . _ ~ -}, none of them {@code .} or
 *             {@code ..}, without a trailing slash; at most {@value #MAX_CHARS} characters
 */
public record PathPrefix(String path) {

    public static final int MAX_CHARS = 200;
    public static final String RULE = "a path such as /kb: '/'-separated segments of letters, digits, '.', '_', '~'"
            + " and '-', none of them '.' or '..', at most " + MAX_CHARS + " characters";
    private static final Pattern PATH = Pattern.compile("(/(?!\\.\\.?(?:/|$))[A-Za-z0-9._~-]+)+");

    public PathPrefix {
        if (!matches(path)) {
            throw new IllegalArgumentException("'" + path + "' is not " + RULE);
        }
    }

    /** Whether {@code value} is a prefix: {@code /} alone and a trailing slash count as written without it. */
    public static boolean isValid(String value) {
        return parse(value).isPresent() || value != null && value.strip().equals("/");
    }

    /**
     * The prefix {@code value} names; empty for null, blank, {@code /} (no prefix) and anything that breaks the rule.
     */
    public static Optional<PathPrefix> parse(String value) {
        if (value == null) {
            return Optional.empty();
        }
        String bare = value.strip();
        if (bare.endsWith("/")) {
            bare = bare.substring(0, bare.length() - 1);
        }
        return matches(bare) ? Optional.of(new PathPrefix(bare)) : Optional.empty();
    }

    private static boolean matches(String path) {
        return path != null && path.length() <= MAX_CHARS && PATH.matcher(path).matches();
    }
}

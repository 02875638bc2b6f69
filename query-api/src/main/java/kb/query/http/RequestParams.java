package kb.query.http;

import io.javalin.config.JavalinConfig;
import io.javalin.http.Context;
import io.javalin.validation.ValidationError;
import io.javalin.validation.ValidationException;
import io.javalin.validation.Validator;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import kb.query.api.QueryText;
import kb.query.config.FusionMethod;
import kb.query.errors.BadRequestException;
import kb.query.search.Scope;
import kb.query.search.SearchOptions;
import kb.query.search.SearchRequest;

/**
 * The query parameters, validated at the edge with Javalin's typed validators: a parameter that is absent (or
 * blank) is empty, one out of its range a 400 naming it.
 */
final class RequestParams {

    /** Chunks a diagnosis may take from each arm. */
    static final int MAX_WINDOW = 500;

    static final int MAX_RRF_K = 1000;
    /** Elasticsearch refuses ids over 512 bytes; ours are 32 hex characters. */
    static final int MAX_DOC_ID_BYTES = 512;
    /** Javalin's message for a value its converter could not read. */
    private static final String NOT_CONVERTED = "TYPE_CONVERSION_FAILED";

    private RequestParams() {}

    /** Whole numbers as the parameters always took them: surrounding blanks are no error. */
    static void registerConverters(JavalinConfig config) {
        config.validation.register(Integer.class, value -> Integer.parseInt(value.strip()));
    }

    /**
     * {@code /api/v1/search}: {@code q}, {@code k} and the scope, and for diagnosis {@code arms=bm25|vector|hybrid},
     * {@code gate=false}, {@code window=N} chunks per arm, {@code bm25Weight=x} (the vector arm's weight stays as
     * configured), {@code fusion=evidence|rrf|convex} and {@code alpha=x} (the BM25 share of a convex combination),
     * {@code rrfK=N} (the RRF constant), {@code explain=true}.
     */
    static SearchRequest search(Context ctx) {
        return new SearchRequest(
                QueryText.question(ctx.queryParam("q"), "q"),
                wholeNumber(ctx, "k", SearchRequest.MIN_K, SearchRequest.MAX_K).orElse(SearchRequest.DEFAULT_K),
                scope(ctx),
                options(ctx));
    }

    private static SearchOptions options(Context ctx) {
        return new SearchOptions(
                arms(ctx.queryParam("arms")),
                !"false".equalsIgnoreCase(ctx.queryParam("gate")),
                "true".equalsIgnoreCase(ctx.queryParam("explain")),
                wholeNumber(ctx, "window", 1, MAX_WINDOW),
                decimal(ctx, "bm25Weight"),
                decimal(ctx, "titleBoost"),
                fusion(ctx.queryParam("fusion")),
                decimal(ctx, "alpha"),
                wholeNumber(ctx, "rrfK", 1, MAX_RRF_K),
                decimal(ctx, "rareBm25Weight"),
                decimal(ctx, "crossVectorWeight"));
    }

    private static SearchOptions.Arms arms(String arms) {
        if (arms == null || arms.isBlank()) {
            return SearchOptions.Arms.HYBRID;
        }
        try {
            return SearchOptions.Arms.valueOf(arms.strip().toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException e) {
            throw new BadRequestException("arms must be hybrid, bm25 or vector");
        }
    }

    private static Optional<FusionMethod> fusion(String fusion) {
        if (fusion == null || fusion.isBlank()) {
            return Optional.empty();
        }
        try {
            return Optional.of(FusionMethod.named(fusion));
        } catch (IllegalArgumentException e) {
            throw new BadRequestException("fusion must be evidence, rrf or convex");
        }
    }

    /**
     * {@code collection}, {@code category}, repeatable {@code tag} and {@code where=name:value}, each optional; a
     * malformed collection name or property filter is a 400.
     */
    static Scope scope(Context ctx) {
        return new Scope(
                ctx.queryParam("collection"),
                ctx.queryParam("category"),
                ctx.queryParams("tag"),
                ctx.queryParams("where"));
    }

    /** The path's {@code docId}; one longer than Elasticsearch takes is a 400, not a failed lookup. */
    static String docId(Context ctx) {
        String docId = ctx.pathParam("docId");
        if (docId.getBytes(StandardCharsets.UTF_8).length > MAX_DOC_ID_BYTES) {
            throw new BadRequestException("document id is longer than " + MAX_DOC_ID_BYTES + " bytes");
        }
        return docId;
    }

    /** A whole number from {@code min} to {@code max}, or empty when absent. */
    static Optional<Integer> wholeNumber(Context ctx, String name, int min, int max) {
        if (absent(ctx, name)) {
            return Optional.empty();
        }
        Validator<Integer> value = ctx.queryParamAsClass(name, Integer.class)
                .check(v -> v >= min && v <= max, name + " must be between " + min + " and " + max);
        return Optional.of(validated(value, name + " must be a whole number"));
    }

    /** A non-negative number, or empty when absent. */
    static Optional<Double> decimal(Context ctx, String name) {
        if (absent(ctx, name)) {
            return Optional.empty();
        }
        Validator<Double> value = ctx.queryParamAsClass(name, Double.class)
                .check(v -> v >= 0 && !v.isNaN(), name + " must not be negative");
        return Optional.of(validated(value, name + " must be a number"));
    }

    private static boolean absent(Context ctx, String name) {
        String value = ctx.queryParam(name);
        return value == null || value.isBlank();
    }

    /** The value, or a 400 with the failed check's message (or {@code unreadable} when it is no number at all). */
    private static <T> T validated(Validator<T> value, String unreadable) {
        try {
            return value.get();
        } catch (ValidationException e) {
            String message = e.getErrors().values().stream()
                    .flatMap(List::stream)
                    .map(ValidationError::getMessage)
                    .findFirst()
                    .orElse(NOT_CONVERTED);
            throw new BadRequestException(NOT_CONVERTED.equals(message) ? unreadable : message);
        }
    }
}

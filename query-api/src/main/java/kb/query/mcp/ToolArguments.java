package kb.query.mcp;

import java.util.List;
import java.util.Map;
import kb.query.api.QueryText;
import kb.query.errors.BadRequestException;
import kb.query.search.Scope;
import kb.query.search.SearchRequest;
import kb.query.search.terms.Question;

/**
 * A tool call's arguments, read with the HTTP API's rules and limits: a wrong type or value is the caller's error
 * ({@link BadRequestException}, answered as a tool error the agent can read and fix), never text to guess from.
 *
 * @param values the call's arguments as the SDK hands them; none is the same as an empty map
 */
record ToolArguments(Map<String, Object> values) {

    ToolArguments {
        values = values == null ? Map.of() : values;
    }

    /** The HTTP API's caps, so a tool call cannot send what a request could not. */
    Question question() {
        return QueryText.question(text("query"), "query");
    }

    /** The search the HTTP API's {@code /api/v1/search} would run, with its limits and defaults. */
    SearchRequest searchRequest() {
        return SearchRequest.served(question(), k(), scope());
    }

    /** {@code k}: a whole number within {@link SearchRequest}'s limits; its default when absent. */
    private int k() {
        Object k = values.get("k");
        if (k == null) {
            return SearchRequest.DEFAULT_K;
        }
        if (!(k instanceof Integer || k instanceof Long) || !SearchRequest.validK(((Number) k).longValue())) {
            throw new BadRequestException(SearchRequest.K_RULE);
        }
        return ((Number) k).intValue();
    }

    Scope scope() {
        return new Scope(text("collection"), text("category"), texts("tag"), texts("where"));
    }

    /** A string or a list of strings; anything else is the caller's error. */
    private List<String> texts(String name) {
        Object value = values.get(name);
        if (value == null) {
            return List.of();
        }
        if (value instanceof String text) {
            return List.of(text);
        }
        if (value instanceof List<?> list && list.stream().allMatch(String.class::isInstance)) {
            return list.stream().map(String.class::cast).toList();
        }
        throw new BadRequestException(name + " must be a string or an array of strings");
    }

    /** An optional string argument; any other type is the caller's error, not text to guess from. */
    String text(String name) {
        Object value = values.get(name);
        if (value != null && !(value instanceof String)) {
            throw new BadRequestException(name + " must be a string");
        }
        return value == null || value.toString().isBlank()
                ? null
                : value.toString().strip();
    }

    /** {@code debug}: a boolean, false when absent. */
    boolean debug() {
        Object debug = values.get("debug");
        if (debug != null && !(debug instanceof Boolean)) {
            throw new BadRequestException("debug must be true or false");
        }
        return Boolean.TRUE.equals(debug);
    }

    /** A required string argument. */
    String required(String name) {
        String value = text(name);
        if (value == null) {
            throw new BadRequestException(name + " is required");
        }
        return value;
    }

    /** An optional whole number within {@code [min, max]}; null when absent. */
    Integer whole(String name, long min, long max) {
        Object value = values.get(name);
        if (value == null) {
            return null;
        }
        if (!(value instanceof Integer || value instanceof Long)
                || ((Number) value).longValue() < min
                || ((Number) value).longValue() > max) {
            throw new BadRequestException(name + " must be a whole number from " + min + " to " + max);
        }
        return ((Number) value).intValue();
    }

    /** An optional boolean; {@code otherwise} when absent. */
    boolean flag(String name, boolean otherwise) {
        Object value = values.get(name);
        if (value == null) {
            return otherwise;
        }
        if (!(value instanceof Boolean flag)) {
            throw new BadRequestException(name + " must be true or false");
        }
        return flag;
    }

    /** A string argument kept as given (a note's content: its spaces and lines are the note's). */
    String verbatim(String name) {
        Object value = values.get(name);
        if (!(value instanceof String text)) {
            throw new BadRequestException(name + (value == null ? " is required" : " must be a string"));
        }
        return text;
    }
}

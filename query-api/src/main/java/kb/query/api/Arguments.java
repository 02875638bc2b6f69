package kb.query.api;

import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.util.List;
import java.util.Map;
import kb.core.Json;
import kb.query.errors.BadRequestException;
import kb.query.search.Scope;
import kb.query.search.SearchRequest;
import kb.query.search.terms.Question;

/**
 * Named arguments as both doors receive them: an MCP tool call's arguments and an HTTP request's JSON body, read
 * with the HTTP API's rules and limits. A wrong type or value is the caller's error ({@link BadRequestException}: a
 * 400, or a tool error the agent can read and fix), never text to guess from.
 *
 * @param values the arguments as the SDK or Jackson hands them; none is the same as an empty map
 */
public record Arguments(Map<String, Object> values) {

    private static final TypeReference<Map<String, Object>> OBJECT = new TypeReference<>() {};

    public Arguments {
        values = values == null ? Map.of() : values;
    }

    /**
     * A JSON body's fields; a body that is no JSON, or JSON but no object, is a 400 that shows {@code shape}.
     *
     * @param shape the expected body, as the error shows it: {@code {"query": ..., "section_title": ...}}
     */
    public static Arguments ofJsonObject(String body, String shape) {
        JsonNode tree;
        try {
            tree = Json.MAPPER.readTree(body);
        } catch (IOException e) {
            throw new BadRequestException("body must be JSON: " + shape);
        }
        if (tree == null || !tree.isObject()) {
            throw new BadRequestException("body must be a JSON object: " + shape);
        }
        return new Arguments(Json.MAPPER.convertValue(tree, OBJECT));
    }

    /** The HTTP API's caps, so a tool call cannot send what a request could not. */
    public Question question() {
        return QueryText.question(text("query"), "query");
    }

    /** The search the HTTP API's {@code /api/v1/search} would run, with its limits and defaults. */
    public SearchRequest searchRequest() {
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

    /** {@code collection}, {@code category}, {@code tag} and {@code where}, as the query parameters of that name. */
    public Scope scope() {
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

    /** An optional string argument, stripped, null when blank; any other type is the caller's error. */
    public String text(String name) {
        String value = given(name);
        return value == null || value.isBlank() ? null : value.strip();
    }

    /**
     * An optional string argument as given, blanks kept, null when absent: for a rule that reads the text as sent
     * (the question's length cap counts what was sent, as for a query parameter).
     */
    public String given(String name) {
        Object value = values.get(name);
        if (value != null && !(value instanceof String)) {
            throw new BadRequestException(name + " must be a string");
        }
        return (String) value;
    }

    /** {@code debug}: a boolean, false when absent. */
    public boolean debug() {
        Object debug = values.get("debug");
        if (debug != null && !(debug instanceof Boolean)) {
            throw new BadRequestException("debug must be true or false");
        }
        return Boolean.TRUE.equals(debug);
    }

    /** A required string argument. */
    public String required(String name) {
        String value = text(name);
        if (value == null) {
            throw new BadRequestException(name + " is required");
        }
        return value;
    }

    /** An optional whole number within {@code [min, max]}; null when absent. */
    public Integer whole(String name, long min, long max) {
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
    public boolean flag(String name, boolean otherwise) {
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
    public String verbatim(String name) {
        Object value = values.get(name);
        if (!(value instanceof String text)) {
            throw new BadRequestException(name + (value == null ? " is required" : " must be a string"));
        }
        return text;
    }
}

package kb.query.api;

import kb.query.errors.BadRequestException;
import kb.query.search.terms.Question;

/** The one rule for a question's text, shared by the HTTP handlers and the MCP tools. */
public final class QueryText {

    public static final int MAX_CHARS = 2000;

    private QueryText() {}

    /** The stripped text, or a 400 naming the parameter when it is missing, blank or too long. */
    public static String required(String value, String name) {
        if (value == null || value.isBlank()) {
            throw new BadRequestException("'" + name + "' is required");
        }
        // Characters as people count them: a character outside the BMP is one, not two UTF-16 units.
        if (value.codePointCount(0, value.length()) > MAX_CHARS) {
            throw new BadRequestException("'" + name + "' is longer than " + MAX_CHARS + " characters");
        }
        return value.strip();
    }

    /** The question, normalised once here at the edge, or a 400 as {@link #required}. */
    public static Question question(String value, String name) {
        return Question.of(required(value, name));
    }
}

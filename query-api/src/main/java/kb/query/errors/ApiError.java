package kb.query.errors;

/** Every error answer: {@code {"error": ..., "detail": ...}} with a proper status. */
public record ApiError(String error, String detail) {}

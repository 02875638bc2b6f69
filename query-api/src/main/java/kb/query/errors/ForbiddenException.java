package kb.query.errors;

/** The request is understood but refused (a cross-origin write); mapped to 403. */
public final class ForbiddenException extends RuntimeException {

    public ForbiddenException(String detail) {
        super(detail);
    }
}

package kb.query.errors;

/** The operation cannot be served by this process right now; mapped to 503. */
public final class UnavailableException extends RuntimeException {

    public UnavailableException(String detail) {
        super(detail);
    }
}

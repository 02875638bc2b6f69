package kb.query.errors;

/** A write without the configured bearer token; mapped to 401. */
public final class UnauthorizedException extends RuntimeException {

    public UnauthorizedException(String detail) {
        super(detail);
    }
}

package kb.query.errors;

/** Invalid input at the edge; mapped to 400 with the detail. */
public final class BadRequestException extends RuntimeException {

    public BadRequestException(String detail) {
        super(detail);
    }
}

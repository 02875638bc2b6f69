package kb.query.errors;

/** Nothing at that id; mapped to 404. */
public final class NotFoundException extends RuntimeException {

    public NotFoundException(String detail) {
        super(detail);
    }
}

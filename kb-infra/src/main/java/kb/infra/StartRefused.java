package kb.infra;

/**
 * A start refused before anything started (the data folder in use, a port taken, a folder that cannot be used):
 * {@code kb} prints the message alone, on one line, and exits with status 2, as for a usage error.
 */
public final class StartRefused extends RuntimeException {

    private static final long serialVersionUID = 1L;

    public StartRefused(String message) {
        super(message);
    }

    public StartRefused(String message, Throwable cause) {
        super(message, cause);
    }
}

package kb.local.options;

import java.net.URI;
import picocli.CommandLine.Option;

/**
 * {@code --url}: the address of a running kb's API, declared once for {@code verify} and {@code mcp} as a picocli
 * mixin. Null when not given: then the kb running on the data folder (each command's description says what else it
 * falls back on).
 */
public final class ApiUrlOption {

    @Option(
            names = "--url",
            paramLabel = "URL",
            description = "The running kb's API, such as http://localhost:8080 (default: the one running on the data"
                    + " folder).")
    URI url;

    /** The address given, or null. */
    public URI given() {
        return url;
    }
}

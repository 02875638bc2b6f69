package kb.query.http;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import kb.query.status.BuildInfo;

/**
 * The OpenAPI 3.1 description of the HTTP API, served at {@value #PATH}: written by hand beside the routes
 * ({@code openapi.json} in this package), and kept equal to them by a test that reads Javalin's route table.
 */
final class OpenApi {

    static final String PATH = "/openapi.json";

    private OpenApi() {}

    /** The description, with this build's version. */
    static String description() {
        try (InputStream in = OpenApi.class.getResourceAsStream("openapi.json")) {
            if (in == null) {
                throw new IllegalStateException("openapi.json missing");
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8)
                    .replace("${version}", BuildInfo.current().version());
        } catch (IOException e) {
            throw new IllegalStateException("openapi.json unreadable", e);
        }
    }
}

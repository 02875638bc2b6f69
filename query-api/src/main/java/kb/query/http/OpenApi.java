package kb.query.http;

import io.javalin.Javalin;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import kb.core.settings.PathPrefix;
import kb.query.status.BuildInfo;

/**
 * The OpenAPI 3.1 description of the HTTP API, served at {@value #PATH}: written by hand beside the routes
 * ({@code openapi.json} in this package), and kept equal to them by a test that reads Javalin's route table. Its
 * server is the path the API is reached under: {@code /}, or a gateway's prefix ({@code /kb}), so that a client
 * generated from it calls {@code /kb/api/v1/...} through the gateway.
 */
final class OpenApi {

    static final String PATH = "/openapi.json";
    private static final String SERVER = "${server}";

    private OpenApi() {}

    static void serve(Javalin app, GatewayPrefix prefix) {
        String template = template();
        app.get(PATH, ctx -> ctx.contentType("application/json")
                .header("Vary", GatewayPrefix.HEADER)
                .result(template.replace(
                        SERVER, prefix.of(ctx).map(PathPrefix::path).orElse("/"))));
    }

    /** The description, with this build's version, served from the root. */
    static String description() {
        return template().replace(SERVER, "/");
    }

    private static String template() {
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

package kb.local;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import kb.core.Json;

/** The kb API at a base URL, for commands: a non-2xx answer is an {@link ApiException}, never a body to misread. */
public final class HttpApi implements ScenarioApi {

    private static final Duration TIMEOUT = Duration.ofMinutes(2);

    private final String baseUrl;
    private final HttpClient http =
            HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(10)).build();

    /** @param baseUrl e.g. {@code http://localhost:8080}, with or without a trailing slash */
    public HttpApi(String baseUrl) {
        this.baseUrl = baseUrl.endsWith("/") ? baseUrl.substring(0, baseUrl.length() - 1) : baseUrl;
    }

    /** A call the API answered with a status other than 2xx. */
    public static final class ApiException extends IOException {
        private final int status;

        ApiException(int status, String message) {
            super(message);
            this.status = status;
        }

        public int status() {
            return status;
        }
    }

    @Override
    public JsonNode get(String pathAndQuery) throws IOException, InterruptedException {
        HttpRequest request = HttpRequest.newBuilder(URI.create(baseUrl + pathAndQuery))
                .timeout(TIMEOUT)
                .GET()
                .build();
        HttpResponse<String> response = http.send(request, HttpResponse.BodyHandlers.ofString());
        if (response.statusCode() / 100 != 2) {
            throw new ApiException(
                    response.statusCode(),
                    "HTTP " + response.statusCode() + " from " + pathAndQuery + ": " + abbreviate(response.body()));
        }
        return Json.MAPPER.readTree(response.body());
    }

    @Override
    public JsonNode search(String query, String extraParams) throws IOException, InterruptedException {
        return get("/api/v1/search?q=" + URLEncoder.encode(query, StandardCharsets.UTF_8) + extraParams);
    }

    /** An answer's first 200 characters, for a message that must stay one screen. */
    public static String abbreviate(String s) {
        return s.length() > 200 ? s.substring(0, 200) + "..." : s;
    }
}

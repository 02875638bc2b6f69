package kb.local.verify;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import kb.core.Json;

/** The query API's document listing, every page: what a user of the API sees. */
final class ServedListing {

    private static final int PAGE = 1000;

    record Listed(String docId, String collection, String path, int chunkCount) {}

    private final HttpClient http =
            HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(3)).build();
    private final String url;

    ServedListing(String url) {
        this.url = url.replaceAll("/+$", "");
    }

    String url() {
        return url;
    }

    List<Listed> documents() throws IOException, InterruptedException {
        List<Listed> documents = new ArrayList<>();
        for (int page = 0; ; page++) {
            HttpRequest request = HttpRequest.newBuilder(
                            URI.create(url + "/api/v1/documents?size=" + PAGE + "&page=" + page))
                    .timeout(Duration.ofSeconds(30))
                    .GET()
                    .build();
            HttpResponse<String> response = http.send(request, HttpResponse.BodyHandlers.ofString());
            if (response.statusCode() != 200) {
                throw new IOException(url + " listed documents with " + response.statusCode() + ": " + response.body());
            }
            JsonNode body = Json.MAPPER.readTree(response.body());
            for (JsonNode doc : body.path("documents")) {
                documents.add(new Listed(
                        doc.path("docId").asText(),
                        doc.path("collection").asText(),
                        doc.path("path").asText(),
                        doc.path("chunkCount").asInt()));
            }
            if (body.path("documents").isEmpty()
                    || documents.size() >= body.path("total").asLong()) {
                return documents;
            }
        }
    }
}

package kb.local.verify;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import kb.core.Json;

/**
 * Every document of an index (behind its alias), read with a scroll: what Elasticsearch serves, not what a
 * search's ranking shows. Asks the first node of {@code KB_ES_URL} that answers.
 */
final class IndexSnapshot {

    private static final int PAGE = 2000;
    private static final Duration TIMEOUT = Duration.ofSeconds(30);

    private final HttpClient http =
            HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(3)).build();
    private final List<String> nodes;

    /** @param urls one URL or several separated by commas */
    IndexSnapshot(String urls) {
        this.nodes = Arrays.stream(urls.split(","))
                .map(String::strip)
                .filter(u -> !u.isEmpty())
                .toList();
    }

    /** The sources (only {@code fields}) of every document in {@code alias}; empty when the alias does not exist. */
    List<JsonNode> sources(String alias, List<String> fields) throws IOException, InterruptedException {
        List<JsonNode> sources = new ArrayList<>();
        String body = Json.MAPPER.writeValueAsString(Map.of("size", PAGE, "sort", List.of("_doc"), "_source", fields));
        HttpResponse<String> first = post("/" + alias + "/_search?scroll=1m", body);
        if (first.statusCode() == 404) {
            return sources;
        }
        JsonNode page = check(first);
        while (true) {
            JsonNode hits = page.path("hits").path("hits");
            for (JsonNode hit : hits) {
                sources.add(hit.path("_source"));
            }
            String scrollId = page.path("_scroll_id").asText(null);
            if (hits.isEmpty() || scrollId == null) {
                clear(scrollId);
                return sources;
            }
            page = check(post(
                    "/_search/scroll", Json.MAPPER.writeValueAsString(Map.of("scroll", "1m", "scroll_id", scrollId))));
        }
    }

    private void clear(String scrollId) {
        if (scrollId == null) {
            return;
        }
        try {
            HttpRequest request = HttpRequest.newBuilder(URI.create(nodes.get(0) + "/_search/scroll"))
                    .timeout(TIMEOUT)
                    .header("Content-Type", "application/json")
                    .method(
                            "DELETE",
                            HttpRequest.BodyPublishers.ofString(
                                    Json.MAPPER.writeValueAsString(Map.of("scroll_id", scrollId))))
                    .build();
            http.send(request, HttpResponse.BodyHandlers.discarding());
        } catch (IOException | InterruptedException | RuntimeException e) {
            // The scroll expires on its own after a minute.
        }
    }

    private HttpResponse<String> post(String path, String body) throws IOException, InterruptedException {
        IOException last = null;
        for (String node : nodes) {
            HttpRequest request = HttpRequest.newBuilder(URI.create(node + path))
                    .timeout(TIMEOUT)
                    .header("Content-Type", "application/json")
                    .POST(HttpRequest.BodyPublishers.ofString(body))
                    .build();
            try {
                return http.send(request, HttpResponse.BodyHandlers.ofString());
            } catch (IOException e) {
                last = e; // this node is down: ask the next
            }
        }
        throw new IOException("no Elasticsearch node of " + nodes + " answered", last);
    }

    private static JsonNode check(HttpResponse<String> response) throws IOException {
        if (response.statusCode() / 100 != 2) {
            throw new IOException("Elasticsearch answered " + response.statusCode() + ": " + response.body());
        }
        return Json.MAPPER.readTree(response.body());
    }
}

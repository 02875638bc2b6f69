package kb.tools.soak;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import kb.core.Json;
import kb.search.es.ChunkFields;
import kb.search.es.IndexNames;

/**
 * What one pipeline's two indexes hold, as comparable values: each document by its file (content hash and title)
 * and each chunk by its file and ordinal (text, section and location). Read with a scroll behind the aliases,
 * so what Elasticsearch holds, not what a ranking shows.
 *
 * @param documents {@code collection/path} to the document's content hash and title
 * @param chunks    {@code collection/path#ordinal} to the chunk's section, location and text
 */
record IndexContents(Map<String, String> documents, Map<String, String> chunks) {

    private static final int PAGE = 1000;
    private static final Duration TIMEOUT = Duration.ofSeconds(60);

    static IndexContents read(String elasticsearch, IndexNames names) throws IOException, InterruptedException {
        HttpClient http =
                HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
        Map<String, String> documents = new TreeMap<>();
        for (JsonNode doc : sources(
                http,
                elasticsearch,
                names.docsAlias(),
                List.of(ChunkFields.COLLECTION, ChunkFields.PATH, "content_hash", ChunkFields.TITLE))) {
            putOnce(documents, file(doc), doc.path("content_hash").asText() + " title=" + doc.path(ChunkFields.TITLE));
        }
        Map<String, String> chunks = new TreeMap<>();
        for (JsonNode chunk : sources(
                http,
                elasticsearch,
                names.chunksAlias(),
                List.of(
                        ChunkFields.COLLECTION,
                        ChunkFields.PATH,
                        ChunkFields.ORDINAL,
                        ChunkFields.SECTION_HEADER,
                        ChunkFields.LOCATION,
                        ChunkFields.TEXT))) {
            putOnce(
                    chunks,
                    file(chunk) + "#" + chunk.path(ChunkFields.ORDINAL).asInt(),
                    "section=" + chunk.path(ChunkFields.SECTION_HEADER) + " location="
                            + chunk.path(ChunkFields.LOCATION) + " text="
                            + chunk.path(ChunkFields.TEXT).asText());
        }
        return new IndexContents(documents, chunks);
    }

    /** A key held twice is a difference in itself: it is kept with both values. */
    private static void putOnce(Map<String, String> values, String key, String value) {
        values.merge(key, value, (first, second) -> "TWICE: " + first + " | " + second);
    }

    private static String file(JsonNode source) {
        return source.path(ChunkFields.COLLECTION).asText() + "/"
                + source.path(ChunkFields.PATH).asText();
    }

    private static List<JsonNode> sources(HttpClient http, String es, String alias, List<String> fields)
            throws IOException, InterruptedException {
        List<JsonNode> sources = new ArrayList<>();
        JsonNode page = post(
                http,
                es + "/" + alias + "/_search?scroll=2m",
                Map.of("size", PAGE, "sort", List.of("_doc"), "_source", fields));
        while (true) {
            JsonNode hits = page.path("hits").path("hits");
            hits.forEach(hit -> sources.add(hit.path("_source")));
            String scrollId = page.path("_scroll_id").asText(null);
            if (hits.isEmpty() || scrollId == null) {
                return sources;
            }
            page = post(http, es + "/_search/scroll", Map.of("scroll", "2m", "scroll_id", scrollId));
        }
    }

    private static JsonNode post(HttpClient http, String url, Map<String, Object> body)
            throws IOException, InterruptedException {
        HttpRequest request = HttpRequest.newBuilder(URI.create(url))
                .timeout(TIMEOUT)
                .header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(Json.MAPPER.writeValueAsString(body)))
                .build();
        HttpResponse<String> response = http.send(request, HttpResponse.BodyHandlers.ofString());
        if (response.statusCode() / 100 != 2) {
            throw new IOException(url + " answered " + response.statusCode() + ": " + response.body());
        }
        return Json.MAPPER.readTree(response.body());
    }

    /**
     * Every key whose value differs between this (the soak's index) and {@code fresh} (the rebuild's), as lines:
     * {@code only in soak}, {@code only in rebuild} or {@code differs}.
     */
    List<String> differences(IndexContents fresh) {
        List<String> lines = new ArrayList<>();
        diff("document", documents, fresh.documents(), lines);
        diff("chunk", chunks, fresh.chunks(), lines);
        return lines;
    }

    private static void diff(String what, Map<String, String> soak, Map<String, String> fresh, List<String> lines) {
        soak.forEach((key, value) -> {
            String other = fresh.get(key);
            if (other == null) {
                lines.add(what + " only in soak: " + key + " " + shorten(value));
            } else if (!other.equals(value)) {
                lines.add(what + " differs: " + key + "\n      soak:    " + shorten(value) + "\n      rebuild: "
                        + shorten(other));
            }
        });
        fresh.forEach((key, value) -> {
            if (!soak.containsKey(key)) {
                lines.add(what + " only in rebuild: " + key + " " + shorten(value));
            }
        });
    }

    private static String shorten(String value) {
        return value.length() <= 160 ? value : value.substring(0, 160) + "...";
    }
}

package kb.local.verify;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import kb.core.Json;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;

/**
 * What {@code kb verify} learns before it checks: where the pipeline behind an API keeps its records and indexes,
 * and whether the broker and Elasticsearch answer at all, so a wrong address fails in seconds, naming it, instead
 * of a minute of client warnings.
 */
final class PipelineProbe {

    static final Duration TIMEOUT = Duration.ofSeconds(5);

    /** The API's broker, Elasticsearch, prefixes and folders, as {@code GET /api/v1/pipeline} tells them. */
    record Address(String kafka, String elasticsearch, String topicPrefix, String indexPrefix, List<Folder> folders) {}

    /**
     * What asking the API gave.
     *
     * @param address what it told, or null
     * @param problem why it did not answer (no connection, a refused token, an error status), or null when it did
     *                or is an older API without {@code /api/v1/pipeline}
     */
    record Asked(Address address, String problem) {}

    private PipelineProbe() {}

    /** @param token the API's bearer token ({@code KB_API_TOKEN}), or null */
    static Asked ask(String apiUrl, String token) {
        HttpRequest.Builder request;
        try {
            request = HttpRequest.newBuilder(URI.create(apiUrl + "/api/v1/pipeline"))
                    .timeout(TIMEOUT);
        } catch (IllegalArgumentException e) {
            return new Asked(null, "not a URL: " + e.getMessage());
        }
        if (token != null && !token.isBlank()) {
            request.header("Authorization", "Bearer " + token);
        }
        HttpClient http = HttpClient.newBuilder().connectTimeout(TIMEOUT).build();
        try {
            HttpResponse<String> answer = http.send(request.build(), HttpResponse.BodyHandlers.ofString());
            return answered(answer.statusCode(), answer.body());
        } catch (IOException | IllegalArgumentException e) {
            return new Asked(null, "no answer within " + TIMEOUT.toSeconds() + " s (" + e + ")");
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return new Asked(null, "interrupted");
        }
    }

    /** An API's answer to {@code GET /api/v1/pipeline}: what it told, or why it did not. */
    static Asked answered(int status, String body) throws IOException {
        if (status == 404) {
            return new Asked(null, null); // an API from before /api/v1/pipeline: nothing to learn, nothing wrong
        }
        if (status == 401 || status == 403) {
            return new Asked(null, "HTTP " + status + ": it wants its token in KB_API_TOKEN");
        }
        if (status != 200) {
            return new Asked(null, "HTTP " + status);
        }
        JsonNode json = Json.MAPPER.readTree(body);
        List<Folder> folders = new ArrayList<>();
        json.path("folders")
                .forEach(f -> folders.add(new Folder(
                        f.path("collection").asText(null),
                        Path.of(f.path("dir").asText()).toAbsolutePath().normalize())));
        return new Asked(
                new Address(
                        json.path("kafka").asText(null),
                        json.path("elasticsearch").asText(null),
                        json.path("topicPrefix").asText(null),
                        json.path("indexPrefix").asText(null),
                        List.copyOf(folders)),
                null);
    }

    /** Null when both answer, else what could not be reached, to print. */
    static String unreachable(String kafka, String elasticsearch) {
        Properties props = new Properties();
        props.put(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, kafka);
        props.put(AdminClientConfig.REQUEST_TIMEOUT_MS_CONFIG, Long.toString(TIMEOUT.toMillis()));
        props.put(AdminClientConfig.DEFAULT_API_TIMEOUT_MS_CONFIG, Long.toString(TIMEOUT.toMillis()));
        try (Admin admin = Admin.create(props)) {
            admin.describeCluster().clusterId().get(TIMEOUT.toMillis(), TimeUnit.MILLISECONDS);
        } catch (ExecutionException | TimeoutException e) {
            return "cannot reach the broker at " + kafka + " within " + TIMEOUT.toSeconds() + " s";
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return "interrupted";
        }
        HttpClient http = HttpClient.newBuilder().connectTimeout(TIMEOUT).build();
        try {
            http.send(
                    HttpRequest.newBuilder(URI.create(elasticsearch))
                            .timeout(TIMEOUT)
                            .build(),
                    HttpResponse.BodyHandlers.discarding());
            return null;
        } catch (IOException | IllegalArgumentException e) {
            return "cannot reach Elasticsearch at " + elasticsearch + ": " + e;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return "interrupted";
        }
    }
}

package kb.local.verify;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.Optional;
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

    /** The API's broker, Elasticsearch and prefixes, as {@code GET /api/v1/pipeline} tells them. */
    record Address(String kafka, String elasticsearch, String topicPrefix, String indexPrefix) {}

    private PipelineProbe() {}

    /**
     * @param token the API's bearer token ({@code KB_API_TOKEN}), or null
     * @return empty when the API cannot be reached or does not tell (an older API, a refused token)
     */
    static Optional<Address> ask(String apiUrl, String token) {
        HttpRequest.Builder request =
                HttpRequest.newBuilder(URI.create(apiUrl + "/api/v1/pipeline")).timeout(TIMEOUT);
        if (token != null && !token.isBlank()) {
            request.header("Authorization", "Bearer " + token);
        }
        HttpClient http = HttpClient.newBuilder().connectTimeout(TIMEOUT).build();
        try {
            HttpResponse<String> answer = http.send(request.build(), HttpResponse.BodyHandlers.ofString());
            if (answer.statusCode() != 200) {
                return Optional.empty();
            }
            JsonNode body = Json.MAPPER.readTree(answer.body());
            return Optional.of(new Address(
                    body.path("kafka").asText(null),
                    body.path("elasticsearch").asText(null),
                    body.path("topicPrefix").asText(null),
                    body.path("indexPrefix").asText(null)));
        } catch (IOException | IllegalArgumentException e) {
            return Optional.empty();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return Optional.empty();
        }
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

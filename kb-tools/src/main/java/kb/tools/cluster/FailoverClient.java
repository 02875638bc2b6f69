package kb.tools.cluster;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A client of several query APIs, as a load balancer would be: requests go round-robin, and one that cannot
 * connect or gets a 5xx is tried on the next API before it counts as failed.
 */
final class FailoverClient {

    private final HttpClient http =
            HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(1)).build();
    private final List<String> apis;
    private final AtomicInteger next = new AtomicInteger();

    FailoverClient(List<String> apis) {
        this.apis = List.copyOf(apis);
    }

    /**
     * What a request got: the body of the first 2xx answer (null when no API gave one) and why each API tried
     * before it did not answer, so a failed request in a drill can be explained.
     */
    record Answer(String body, List<String> errors) {
        boolean failed() {
            return body == null;
        }
    }

    /** The body of the first 2xx answer, or null when no API gave one. */
    String get(String pathAndQuery) throws InterruptedException {
        return ask(pathAndQuery).body();
    }

    Answer ask(String pathAndQuery) throws InterruptedException {
        int start = Math.floorMod(next.getAndIncrement(), apis.size());
        List<String> errors = new ArrayList<>();
        for (int i = 0; i < apis.size(); i++) {
            String api = apis.get((start + i) % apis.size());
            try {
                HttpResponse<String> response = http.send(
                        HttpRequest.newBuilder(URI.create(api + pathAndQuery))
                                .timeout(Duration.ofSeconds(10))
                                .GET()
                                .build(),
                        HttpResponse.BodyHandlers.ofString());
                if (response.statusCode() / 100 == 2) {
                    return new Answer(response.body(), errors);
                }
                errors.add(api + ": HTTP " + response.statusCode() + " " + abbreviate(response.body()));
            } catch (IOException e) {
                // this API is down or too slow: the next one
                errors.add(api + ": " + e.getClass().getSimpleName());
            }
        }
        return new Answer(null, errors);
    }

    private static String abbreviate(String body) {
        return body.length() <= 160 ? body : body.substring(0, 160) + "...";
    }
}

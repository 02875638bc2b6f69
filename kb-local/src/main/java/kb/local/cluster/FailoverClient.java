package kb.local.cluster;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A client of several query APIs, as a load balancer would be: requests go round-robin, and one that cannot
 * connect or gets a 5xx is tried on the next API before it counts as failed.
 */
final class FailoverClient {

    private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(1)).build();
    private final List<String> apis;
    private final AtomicInteger next = new AtomicInteger();

    FailoverClient(List<String> apis) {
        this.apis = List.copyOf(apis);
    }

    /** The body of the first 2xx answer, or null when no API gave one. */
    String get(String pathAndQuery) throws InterruptedException {
        int start = Math.floorMod(next.getAndIncrement(), apis.size());
        for (int i = 0; i < apis.size(); i++) {
            String api = apis.get((start + i) % apis.size());
            try {
                HttpResponse<String> response = http.send(HttpRequest.newBuilder(URI.create(api + pathAndQuery))
                        .timeout(Duration.ofSeconds(10)).GET().build(), HttpResponse.BodyHandlers.ofString());
                if (response.statusCode() / 100 == 2) {
                    return response.body();
                }
            } catch (IOException e) {
                // this API is down: the next one
            }
        }
        return null;
    }
}

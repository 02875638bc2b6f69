package kb.tools.cluster;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;

/** How the cluster waits on its processes: an HTTP status asked with a short timeout, and a pause between asks. */
final class Probe {

    /** How long any group of processes (brokers, Elasticsearch nodes, stages) may take to come up. */
    static final Duration START_TIMEOUT = Duration.ofMinutes(5);

    private final HttpClient http =
            HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();

    /** The status a GET of this address answers, or -1 when nothing answers. */
    int status(URI uri) {
        try {
            return http.send(
                            HttpRequest.newBuilder(uri)
                                    .timeout(Duration.ofSeconds(5))
                                    .GET()
                                    .build(),
                            HttpResponse.BodyHandlers.discarding())
                    .statusCode();
        } catch (IOException e) {
            return -1;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return -1;
        }
    }

    /** Polling other processes' health: there is no condition in this JVM to wait on. */
    static void pause() {
        try {
            Thread.sleep(500);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}

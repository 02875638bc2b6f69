package kb.tools.soak;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.Map;
import java.util.TreeMap;

/**
 * The producer's publishing figures from a running kb's {@code /metrics}: publish errors, changes waiting to be
 * republished, reconciliations. They count from kb's last start.
 */
final class PublishFigures {

    private static final String[] NAMES = {
        "kb_producer_publish_errors_total", "kb_producer_republish_pending", "kb_producer_reconciled_total"
    };

    private PublishFigures() {}

    /** Each figure kb shows, summed over its labels; empty when {@code /metrics} does not answer. */
    static Map<String, Double> read(String api) throws InterruptedException {
        Map<String, Double> figures = new TreeMap<>();
        try {
            HttpRequest request = HttpRequest.newBuilder(URI.create(api + "/metrics"))
                    .timeout(Duration.ofSeconds(10))
                    .build();
            String body = HttpClient.newHttpClient()
                    .send(request, HttpResponse.BodyHandlers.ofString())
                    .body();
            for (String line : body.split("\n")) {
                for (String name : NAMES) {
                    if (line.startsWith(name + " ") || line.startsWith(name + "{")) {
                        double value = Double.parseDouble(line.substring(line.lastIndexOf(' ') + 1));
                        figures.merge(name, value, Double::sum);
                    }
                }
            }
        } catch (IOException | NumberFormatException e) {
            // the figures are for the report; a kb that does not show them leaves them out
        }
        return figures;
    }
}

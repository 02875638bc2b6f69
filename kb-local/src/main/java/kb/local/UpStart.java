package kb.local;

import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import java.io.PrintStream;
import kb.infra.StartTimes;
import kb.search.embed.Embeddings;

/**
 * One {@code kb up}'s start: what its stages share (the metrics registry, the embedding models) and its ready line.
 * On a restart kb is ready once the folders' scans are published and L0 is loaded, while Elasticsearch still boots:
 * L0 answers, and {@code /health} says STARTING until Elasticsearch does; a second line says when every arm answers.
 * On a first start (nothing indexed yet) the one ready line comes once Elasticsearch answers too.
 */
final class UpStart {

    private final long startNanos;
    private final String apiHost;
    private final PrometheusMeterRegistry registry;
    private final Embeddings embeddings;
    private final PrintStream out;
    private volatile boolean announced;

    UpStart(long startNanos, String apiHost, PrometheusMeterRegistry registry, Embeddings embeddings, PrintStream out) {
        this.startNanos = startNanos;
        this.apiHost = apiHost;
        this.registry = registry;
        this.embeddings = embeddings;
        this.out = out;
    }

    PrometheusMeterRegistry registry() {
        return registry;
    }

    Embeddings embeddings() {
        return embeddings;
    }

    /** Ready before Elasticsearch answers: the index's keywords (L0) answer, the rest when Elasticsearch does. */
    void readyBeforeElasticsearch(int port) {
        announced = true;
        out.printf(
                "kb ready at http://%s:%d (started in %.1f s; answering from the keyword index (L0) while Elasticsearch"
                        + " starts: /health says STARTING until it answers)%n",
                apiHost, port, seconds());
    }

    /** Elasticsearch answers: every arm from here, with how long each service took. */
    void elasticsearchAnswers(int port, StartTimes times) {
        String phases = String.format(
                "broker ready at %.1f s, Elasticsearch at %.1f s: %s",
                times.broker().toMillis() / 1e3,
                times.elasticsearch().toMillis() / 1e3,
                times.elasticsearchPhases().describe());
        if (announced) {
            out.printf("kb: every arm answers at %.1f s (%s)%n", seconds(), phases);
        } else {
            out.printf("kb ready at http://%s:%d (started in %.1f s; %s)%n", apiHost, port, seconds(), phases);
        }
    }

    private double seconds() {
        return (System.nanoTime() - startNanos) / 1e9;
    }
}

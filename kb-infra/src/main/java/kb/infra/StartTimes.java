package kb.infra;

import java.time.Duration;

/**
 * When the embedded broker and Elasticsearch were ready, each counted from the start of both (they start together,
 * so a start waits for the slower), and Elasticsearch's phases from its own spawn. Zero (and {@link
 * ElasticsearchPhases#NONE}) for one that is external. For {@code kb up}'s ready line and {@code kb bench}'s startup
 * phases.
 */
public record StartTimes(Duration broker, Duration elasticsearch, ElasticsearchPhases elasticsearchPhases) {

    /** Times the two starters from the moment it is made; each starter records its own end. */
    static final class Clock {

        private final long start = System.nanoTime();
        private volatile long broker;
        private volatile long elasticsearch;

        <T extends AutoCloseable> StartedTogether.Starter<T> timed(
                boolean isBroker, StartedTogether.Starter<T> starter) {
            return () -> {
                T started = starter.start();
                long took = System.nanoTime() - start;
                if (isBroker) {
                    broker = took;
                } else {
                    elasticsearch = took;
                }
                return started;
            };
        }

        StartTimes times(EmbeddedElasticsearch es) {
            return new StartTimes(
                    Duration.ofNanos(broker),
                    Duration.ofNanos(elasticsearch),
                    es == null ? ElasticsearchPhases.NONE : es.phases());
        }
    }
}

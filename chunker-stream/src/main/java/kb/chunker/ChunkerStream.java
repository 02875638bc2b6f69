package kb.chunker;

import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.binder.kafka.KafkaStreamsMetrics;
import java.time.Duration;
import java.util.Properties;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import kb.core.runtime.DiskSpace;
import kb.core.topics.TopicCreator;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.streams.CloseOptions;
import org.apache.kafka.streams.KafkaStreams;
import org.apache.kafka.streams.StreamsConfig;
import org.apache.kafka.streams.errors.StreamsUncaughtExceptionHandler;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** Runs the chunker topology as a Kafka Streams application. */
public final class ChunkerStream implements AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(ChunkerStream.class);

    private final ChunkerConfig config;
    private final MeterRegistry registry;
    private KafkaStreams streams;
    private KafkaStreamsMetrics streamsMetrics;
    private DeadLetterSender deadLetters;
    private final CountDownLatch running = new CountDownLatch(1);

    private final DiskSpace disk;

    public ChunkerStream(ChunkerConfig config, MeterRegistry registry) {
        this(config, registry, DiskSpace.UNWATCHED);
    }

    /** @param disk while it is full, processing pauses (its output and state would land on it) and then resumes */
    public ChunkerStream(ChunkerConfig config, MeterRegistry registry, DiskSpace disk) {
        this.config = config;
        this.registry = registry;
        this.disk = disk;
    }

    public void start() {
        TopicCreator.ensureTopics(config.common());
        Properties props = streamsProps(config);
        props.put(DeadLetterExceptionHandler.METER_REGISTRY_CONFIG, registry);
        deadLetters = new DeadLetterSender(
                config.common().bootstrapServers(), config.common().topics().maxMessageBytes());
        props.put(DeadLetterExceptionHandler.SENDER_CONFIG, deadLetters);
        streams = new KafkaStreams(ChunkerTopology.build(config, registry), props);
        streams.setUncaughtExceptionHandler(error -> {
            LOG.error("stream thread failed; replacing it", error);
            return StreamsUncaughtExceptionHandler.StreamThreadExceptionResponse.REPLACE_THREAD;
        });
        streams.setStateListener((newState, oldState) -> {
            if (newState == KafkaStreams.State.RUNNING) {
                running.countDown();
            }
        });
        streamsMetrics = new KafkaStreamsMetrics(streams);
        streamsMetrics.bindTo(registry);
        streams.start();
        disk.onChange(this::pauseWhileFull);
        if (disk.full()) {
            streams.pause();
        }
        LOG.info("started application {}", config.applicationId());
    }

    private void pauseWhileFull(boolean full) {
        if (full) {
            streams.pause();
            LOG.warn("paused: {}", disk.reason());
        } else {
            streams.resume();
            LOG.info("resumed");
        }
    }

    /** Waits until the stream has its partitions and processes (after the first rebalance). */
    public boolean awaitRunning(Duration timeout) throws InterruptedException {
        return running.await(timeout.toMillis(), TimeUnit.MILLISECONDS);
    }

    public boolean isRunning() {
        return streams != null && streams.state().isRunningOrRebalancing();
    }

    /**
     * Two stream threads, so the live lane's task has one of its own. A thread processes everything it fetched
     * before it fetches again, and the live lane's task shared the one thread with the backlog's: a person's save
     * waited one to two seconds while a backlog's fetch of files was chunked (traced during a first index of
     * kb-scenarios-dev). With one partition per topic there are two tasks, and Streams gives each thread one.
     */
    static final int STREAM_THREADS = 2;

    /**
     * At-least-once is enough: the sink's writes are idempotent. The producer must not linger (Streams
     * defaults to 100 ms, which a save-to-searchable budget of seconds cannot spare on every hop).
     */
    static Properties streamsProps(ChunkerConfig config) {
        Properties props = new Properties();
        props.put(StreamsConfig.APPLICATION_ID_CONFIG, config.applicationId());
        props.put(StreamsConfig.BOOTSTRAP_SERVERS_CONFIG, config.common().bootstrapServers());
        props.put(StreamsConfig.STATE_DIR_CONFIG, config.stateDir().toString());
        props.put(StreamsConfig.PROCESSING_GUARANTEE_CONFIG, StreamsConfig.AT_LEAST_ONCE);
        props.put(StreamsConfig.COMMIT_INTERVAL_MS_CONFIG, "1000");
        // After a crash, a new instance waits out the old member's session: keep it short.
        props.put(StreamsConfig.consumerPrefix("session.timeout.ms"), "10000");
        props.put(StreamsConfig.consumerPrefix("heartbeat.interval.ms"), "3000");
        props.put(StreamsConfig.producerPrefix(ProducerConfig.LINGER_MS_CONFIG), "0");
        // A chunk set acknowledged is on every in-sync replica (survives a broker failover), and a retried
        // send neither duplicates nor reorders a document's versions within its partition.
        props.put(StreamsConfig.producerPrefix(ProducerConfig.ACKS_CONFIG), "all");
        props.put(StreamsConfig.producerPrefix(ProducerConfig.ENABLE_IDEMPOTENCE_CONFIG), "true");
        props.put(
                StreamsConfig.producerPrefix(ProducerConfig.MAX_REQUEST_SIZE_CONFIG),
                Integer.toString(config.common().topics().maxMessageBytes()));
        props.put(StreamsConfig.NUM_STREAM_THREADS_CONFIG, STREAM_THREADS);
        props.put(
                StreamsConfig.consumerPrefix("max.partition.fetch.bytes"),
                Integer.toString(config.common().topics().maxMessageBytes()));
        // A record that cannot be read, processed or produced goes to kb.dlq; the stream moves on.
        props.put(
                StreamsConfig.ERRORS_DEAD_LETTER_QUEUE_TOPIC_NAME_CONFIG,
                config.common().topics().dlq().name());
        props.put(StreamsConfig.PRODUCTION_EXCEPTION_HANDLER_CLASS_CONFIG, DeadLetterExceptionHandler.class.getName());
        props.put(StreamsConfig.PROCESSING_EXCEPTION_HANDLER_CLASS_CONFIG, DeadLetterExceptionHandler.class.getName());
        props.put(
                StreamsConfig.DESERIALIZATION_EXCEPTION_HANDLER_CLASS_CONFIG,
                DeadLetterExceptionHandler.class.getName());
        props.put(
                DeadLetterExceptionHandler.MAX_VALUE_BYTES_CONFIG,
                Integer.toString(config.common().topics().maxValueBytes()));
        return props;
    }

    @Override
    public void close() {
        if (streams != null) {
            // Streams does not leave the group on close by default; a restart would then wait a whole
            // session timeout before it may process again.
            streams.close(CloseOptions.groupMembershipOperation(CloseOptions.GroupMembershipOperation.LEAVE_GROUP)
                    .withTimeout(Duration.ofSeconds(20)));
        }
        if (streamsMetrics != null) {
            streamsMetrics.close();
        }
        if (deadLetters != null) {
            try {
                deadLetters.close();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }
}

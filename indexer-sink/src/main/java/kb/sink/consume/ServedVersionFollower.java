package kb.sink.consume;

import io.micrometer.core.instrument.MeterRegistry;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import kb.core.runtime.DiskSpace;
import kb.core.runtime.Threads;
import kb.sink.config.SinkConfig;
import kb.sink.consume.ChunkRecords.Decoded;
import kb.sink.versions.IndexVersion;
import kb.sink.write.Change;
import kb.sink.write.DeadLetterPublisher;
import kb.sink.write.DocumentWriter;
import kb.sink.write.RetryingWriter;
import kb.sink.write.SinkMetrics;
import kb.sink.write.Visibility;
import org.apache.kafka.clients.consumer.CloseOptions;
import org.apache.kafka.clients.consumer.ConsumerRecords;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.errors.WakeupException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * While a reindex builds version N+1 from the beginning of kb.chunks, keeps the served version N current: its
 * own consumer, in version N's group (which resumes where the sink left it), writes live changes to N, so an
 * edit or delete made during a reindex is searchable within the usual freshness instead of after the swap
 * (issue 15, 4). The sink stops it before the swap (nothing must write to N once it is dropped); what it had not
 * written yet reaches N+1 by the replay, which serves from then on.
 *
 * <p>Deliberately plain: one poll/write/commit loop, no large-document lane; its failures are not dead-lettered
 * (the replay into N+1 dead-letters the same records once). Its writes have no vector pass in N (the vector
 * filler works on N+1): a live edit is searchable by its words in N, and by its vector after the swap. Only
 * for a reindex of the same mapping and model: after a mapping or model change N cannot take the new writes.
 */
public final class ServedVersionFollower implements AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(ServedVersionFollower.class);
    /** The follower's thread. */
    public static final String THREAD = "kb-indexer-sink-served";

    private final IndexVersion served;
    private final int batchChunks;
    private final ChunkRecords records;
    private final RetryingWriter writer;
    private final KafkaConsumer<String, byte[]> consumer;
    private final Thread thread;
    private volatile boolean running = true;

    public ServedVersionFollower(
            SinkConfig config,
            IndexVersion served,
            DocumentWriter documents,
            SinkMetrics metrics,
            MeterRegistry registry,
            DiskSpace disk) {
        this.served = served;
        this.batchChunks = config.batchChunks();
        DeadLetterPublisher silent = DeadLetterPublisher.silent(config.common().topics(), registry);
        this.records = new ChunkRecords(config.common().topics(), silent);
        this.writer = new RetryingWriter(
                documents, () -> served, silent, metrics, config.maxRetryBackoff(), result -> {}, disk);
        this.consumer = ChunkConsumers.create(config, served, ChunkConsumers.NO_LISTENER);
        this.thread = Threads.worker(THREAD, this::run);
    }

    public void start() {
        LOG.info("version {} keeps receiving live changes while the next one is built", served.number());
        thread.start();
    }

    private void run() {
        try {
            while (running) {
                ConsumerRecords<String, byte[]> polled = consumer.poll(Duration.ofMillis(200));
                Visibility visibility =
                        polled.count() <= Visibility.FEW_RECORDS ? Visibility.WAIT_FOR_REFRESH : Visibility.SCHEDULED;
                for (List<Decoded> batch : ChunkBudget.split(records.decode(polled), batchChunks, Decoded::chunks)) {
                    List<Change> changes = ChunkRecords.latestPerDocument(batch).stream()
                            .map(Decoded::change)
                            .toList();
                    if (!running || !writer.write(changes, visibility, RetryingWriter.WhileRetrying.NONE)) {
                        break;
                    }
                    Map<TopicPartition, OffsetAndMetadata> offsets = new HashMap<>();
                    ChunkRecords.nextOffsets(batch).forEach((p, next) -> offsets.put(p, new OffsetAndMetadata(next)));
                    consumer.commitSync(offsets);
                }
            }
        } catch (WakeupException e) {
            // closing
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (RuntimeException e) {
            // The served version then lags until the swap, as it did before this follower existed.
            LOG.error("version {} stopped receiving live changes", served.number(), e);
        } finally {
            consumer.close(CloseOptions.timeout(Duration.ofSeconds(5)));
        }
    }

    /**
     * Stops after the write in progress.
     *
     * @return whether nothing writes to the served version any more (only then may it be dropped)
     */
    public boolean stop() throws InterruptedException {
        running = false;
        writer.stop();
        consumer.wakeup();
        thread.join(TimeUnit.SECONDS.toMillis(30));
        return !thread.isAlive();
    }

    @Override
    public void close() throws InterruptedException {
        stop();
    }
}

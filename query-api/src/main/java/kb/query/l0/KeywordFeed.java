package kb.query.l0;

import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import kb.core.DocumentCard;
import kb.core.runtime.Threads;
import kb.core.topics.TopicSpec;
import org.apache.kafka.clients.consumer.CloseOptions;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.ConsumerRecords;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.errors.WakeupException;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Keeps the L0 index equal to the compacted {@code kb.documents} topic: reads it from the beginning at
 * start (ready once caught up with the end offsets seen then), then follows it live. No consumer group:
 * every API instance holds the whole index.
 */
public final class KeywordFeed implements AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(KeywordFeed.class);

    private final KeywordIndex index;
    /** The index and every other view of the cards (the link graph): each sees every update. */
    private final List<CardListener> listeners;

    private final TopicSpec<String, DocumentCard> topic;
    private final KafkaConsumer<String, byte[]> consumer;
    private final CountDownLatch caughtUp = new CountDownLatch(1);
    private final Thread thread;
    private volatile boolean running = true;

    private volatile double loadSeconds = Double.NaN;

    public KeywordFeed(
            String bootstrapServers,
            TopicSpec<String, DocumentCard> topic,
            KeywordIndex index,
            CardListener... others) {
        this.index = index;
        this.listeners = Stream.concat(Stream.of(index), Arrays.stream(others)).toList();
        this.topic = topic;
        Properties props = new Properties();
        props.put(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers);
        props.put(ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, "false");
        props.put(ConsumerConfig.MAX_POLL_RECORDS_CONFIG, "5000");
        this.consumer = new KafkaConsumer<>(props, new StringDeserializer(), new ByteArrayDeserializer());
        this.thread = Threads.worker("kb-l0-feed", this::run);
    }

    public void start() {
        thread.start();
    }

    public boolean isReady() {
        return caughtUp.getCount() == 0;
    }

    /** Seconds from start until the topic was read to its end (the index complete), or NaN before that. */
    public double loadSeconds() {
        return loadSeconds;
    }

    public boolean awaitReady(Duration timeout) throws InterruptedException {
        return caughtUp.await(timeout.toMillis(), TimeUnit.MILLISECONDS);
    }

    private void run() {
        long started = System.nanoTime();
        try {
            List<TopicPartition> partitions = consumer.partitionsFor(topic.name(), Duration.ofSeconds(60)).stream()
                    .map(p -> new TopicPartition(p.topic(), p.partition()))
                    .toList();
            consumer.assign(partitions);
            consumer.seekToBeginning(partitions);
            Map<TopicPartition, Long> end = consumer.endOffsets(partitions);
            while (running) {
                apply(consumer.poll(Duration.ofMillis(isReady() ? 500 : 100)));
                if (!isReady()
                        && end.entrySet().stream().allMatch(e -> consumer.position(e.getKey()) >= e.getValue())) {
                    loadSeconds = (System.nanoTime() - started) / 1e9;
                    caughtUp.countDown();
                    LOG.info(
                            "{} documents with keywords loaded in {} ms", index.size(), Math.round(loadSeconds * 1000));
                }
            }
        } catch (WakeupException e) {
            // closing
        } catch (RuntimeException e) {
            LOG.error("keyword feed stopped", e);
        } finally {
            consumer.close(CloseOptions.timeout(Duration.ofSeconds(5)));
        }
    }

    private void apply(ConsumerRecords<String, byte[]> records) {
        if (records.isEmpty()) {
            return;
        }
        for (ConsumerRecord<String, byte[]> record : records) {
            if (record.key() == null) {
                continue;
            }
            if (record.value() == null) {
                listeners.forEach(l -> l.remove(record.key()));
                continue;
            }
            DocumentCard card;
            try {
                card = topic.valueSerde().deserializer().deserialize(record.topic(), record.value());
            } catch (RuntimeException e) {
                LOG.warn("skipping undecodable card {}: {}", record.key(), e.getMessage());
                continue;
            }
            listeners.forEach(l -> l.put(card));
        }
        listeners.forEach(CardListener::publish);
        LOG.debug("applied {} card updates", records.count());
    }

    @Override
    public void close() throws InterruptedException {
        running = false;
        consumer.wakeup();
        thread.join(TimeUnit.SECONDS.toMillis(10));
    }
}

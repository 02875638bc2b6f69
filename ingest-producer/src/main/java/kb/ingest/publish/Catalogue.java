package kb.ingest.publish;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Consumer;
import kb.core.DocumentCard;
import kb.core.ExtractedText;
import kb.core.FileEvent;
import kb.core.Ids;
import kb.core.Json;
import kb.core.topics.DeadLetters;
import kb.core.topics.Generation;
import kb.core.topics.KbTopics;
import org.apache.kafka.clients.consumer.CloseOptions;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.errors.SerializationException;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.apache.kafka.common.serialization.Deserializer;
import org.apache.kafka.common.serialization.StringDeserializer;

/**
 * What the index holds of one collection, as far as its producer knows: relative path → content hash of the
 * last version published, and relative path → fingerprint of the last bad version dead-lettered. Loaded from
 * the compacted {@code kb.file-events} topic and from this stage's letters on {@code kb.dlq} at start, so a
 * restart publishes only what changed while the producer was down, and an unchanged bad file is not
 * reported again (4 bad files showed as 40 dead letters after a few rescans and restarts). Other
 * collections' records are skipped: a producer never withdraws what it does not own. Records published
 * before collections existed (keyed by the bare path, no collection in the value) are listed apart as
 * {@link #legacyKeys()}: their documents are republished under collection keys, so these are withdrawn.
 *
 * <p>The documents on {@code kb.documents} are read too: one indexed there but without a record on
 * {@code kb.file-events} means the broker lost part of that topic's log (a full disk can corrupt it, and the broker
 * then truncates it). Such a path is listed as {@link #LOST}, so the scan withdraws it when its file is gone and
 * publishes the file again when it is there; what the log lost is rebuilt from the folder, deletes included.
 */
public final class Catalogue {

    /** The stage its dead letters name: the producer's own, which a restart reads back. */
    public static final String STAGE = "ingest-producer";

    private final String collection;
    private final String keyPrefix;
    private final Map<String, String> hashes = new ConcurrentHashMap<>();
    private final Map<String, String> rejected = new ConcurrentHashMap<>();
    private final Set<String> legacy = ConcurrentHashMap.newKeySet();
    private final Map<String, String> indexedPaths = new HashMap<>();
    private long highestGeneration;
    private int lost;

    /** An empty catalogue: {@link #load} fills one from the topics. */
    public Catalogue(String collection) {
        this.collection = collection;
        this.keyPrefix = Ids.fileKey(collection, "");
    }

    public static Catalogue load(String bootstrapServers, KbTopics topics, String collection) {
        Catalogue catalogue = new Catalogue(collection);
        readToEnd(
                bootstrapServers,
                topics.fileEvents().name(),
                new StringDeserializer(),
                summary(Published.class),
                record -> catalogue.applyPublished(record));
        readToEnd(
                bootstrapServers,
                topics.documents().name(),
                new StringDeserializer(),
                summary(Listed.class),
                record -> catalogue.applyListed(record.key(), record.value()));
        readToEnd(
                bootstrapServers,
                topics.dlq().name(),
                new ByteArrayDeserializer(),
                new ByteArrayDeserializer(),
                catalogue::applyDeadLetter);
        // A bad version is always withdrawn before it is reported: a path still published was fixed since.
        catalogue.rejected.keySet().removeAll(catalogue.hashes.keySet());
        catalogue.listLost();
        return catalogue;
    }

    /**
     * What the catalogue needs of a file event. Read without its content and extracted text, which make nearly all of
     * the topic's bytes: a restart reads the whole topic before its scan.
     *
     * @param reader the extraction's version of a document's text ({@link ExtractedText#reader()}), else null
     */
    @JsonIgnoreProperties(ignoreUnknown = true)
    record Published(int schemaVersion, FileEvent.Op op, String collection, String sha256, Reader extracted) {

        @JsonIgnoreProperties(ignoreUnknown = true)
        record Reader(int reader) {}

        static Published of(FileEvent event) {
            return new Published(
                    event.schemaVersion(),
                    event.op(),
                    event.collection(),
                    event.sha256(),
                    event.extracted() == null
                            ? null
                            : new Reader(event.extracted().reader()));
        }

        boolean outdated() {
            return schemaVersion < FileEvent.SCHEMA_VERSION
                    || extracted != null && extracted.reader() < ExtractedText.READER_VERSION;
        }
    }

    /** What the catalogue needs of a document card: whose path it lists as indexed. */
    @JsonIgnoreProperties(ignoreUnknown = true)
    record Listed(String collection, String path) {}

    private static <T> Deserializer<T> summary(Class<T> type) {
        return (topic, bytes) -> {
            try {
                return bytes == null ? null : Json.MAPPER.readValue(bytes, type);
            } catch (IOException e) {
                throw new SerializationException("cannot read " + type.getSimpleName() + " from " + topic, e);
            }
        };
    }

    private void applyPublished(ConsumerRecord<String, Published> record) {
        highestGeneration = Math.max(highestGeneration, Generation.read(record.headers(), 0));
        apply(record.key(), record.value());
    }

    /** A card of this collection lists its path as indexed; a tombstone (keyed by doc id) unlists it. */
    void applyDocument(String docId, DocumentCard card) {
        applyListed(docId, card == null ? null : new Listed(card.collection(), card.path()));
    }

    private void applyListed(String docId, Listed card) {
        if (card == null) {
            indexedPaths.remove(docId);
        } else if (collection.equals(card.collection()) && card.path() != null) {
            indexedPaths.put(docId, card.path());
        }
    }

    /** Indexed paths the file events do not list: records the broker's log lost. */
    void listLost() {
        for (String path : indexedPaths.values()) {
            if (hashes.putIfAbsent(path, LOST) == null) {
                lost++;
            }
        }
        indexedPaths.clear();
    }

    private static <K, V> void readToEnd(
            String bootstrapServers,
            String topic,
            Deserializer<K> keys,
            Deserializer<V> values,
            Consumer<ConsumerRecord<K, V>> apply) {
        Properties props = new Properties();
        props.put(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers);
        props.put(ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, "false");
        KafkaConsumer<K, V> consumer = new KafkaConsumer<>(props, keys, values);
        try {
            List<TopicPartition> partitions = consumer.partitionsFor(topic, Duration.ofSeconds(30)).stream()
                    .map(p -> new TopicPartition(p.topic(), p.partition()))
                    .toList();
            consumer.assign(partitions);
            consumer.seekToBeginning(partitions);
            Map<TopicPartition, Long> end = consumer.endOffsets(partitions);
            while (!caughtUp(consumer, end)) {
                consumer.poll(Duration.ofMillis(200)).forEach(apply);
            }
        } finally {
            // Nothing of a groupless reader is left to finish: a close that waits took half a second a topic, while a
            // restart's scan waited for the three.
            consumer.close(CloseOptions.timeout(Duration.ZERO));
        }
    }

    private static boolean caughtUp(KafkaConsumer<?, ?> consumer, Map<TopicPartition, Long> end) {
        return end.entrySet().stream().allMatch(e -> consumer.position(e.getKey()) >= e.getValue());
    }

    void apply(String key, FileEvent event) {
        apply(key, event == null ? null : Published.of(event));
    }

    private void apply(String key, Published event) {
        if (key == null) {
            return;
        }
        String path = ownPath(key);
        if (event == null || event.op() == FileEvent.Op.DELETE) {
            legacy.remove(key);
            if (path != null) {
                hashes.remove(path);
            }
        } else if (event.collection() == null) {
            legacy.add(key);
        } else if (path != null && collection.equals(event.collection())) {
            legacy.remove(key);
            hashes.put(path, event.outdated() ? OUTDATED : event.sha256());
        }
    }

    /**
     * What an event of an older schema version, or a document an older extraction read, is recorded as: listed (so
     * a file deleted meanwhile is still withdrawn) but current for no content, so the next scan publishes the file
     * again and the chunker reads what the older version did not (a note's tags, aliases and links; a PDF's words).
     */
    static final String OUTDATED = "outdated-event";

    /** What a path indexed on {@code kb.documents} without a file event is recorded as; see the class comment. */
    static final String LOST = "lost-event";

    /**
     * What a path whose newest send failed is recorded as: listed (so a file deleted meanwhile is withdrawn) but current
     * for no content, so reading it again publishes it, whatever it holds then.
     */
    static final String UNSENT = "unsent-event";

    /** How many indexed documents had no file event when the catalogue was loaded. */
    public int lostRecords() {
        return lost;
    }

    /** The highest generation on {@code kb.file-events}: this producer's next ones must be above it. */
    public long highestGeneration() {
        return highestGeneration;
    }

    /** The relative path of a key of this collection, else null. */
    private String ownPath(String key) {
        return key.startsWith(keyPrefix) ? key.substring(keyPrefix.length()) : null;
    }

    private void applyDeadLetter(ConsumerRecord<byte[], byte[]> record) {
        String fingerprint = DeadLetters.header(record.headers(), DeadLetters.FINGERPRINT);
        if (record.key() != null
                && fingerprint != null
                && STAGE.equals(DeadLetters.header(record.headers(), DeadLetters.STAGE))) {
            String path = ownPath(new String(record.key(), StandardCharsets.UTF_8));
            if (path != null) {
                rejected.put(path, fingerprint);
            }
        }
    }

    /** Keys of records published before collections existed and not withdrawn yet. */
    public Set<String> legacyKeys() {
        return Set.copyOf(legacy);
    }

    public void forgetLegacy(String key) {
        legacy.remove(key);
    }

    public boolean isCurrent(String path, String sha256) {
        return sha256.equals(hashes.get(path));
    }

    public boolean contains(String path) {
        return hashes.containsKey(path);
    }

    public void put(String path, String sha256) {
        hashes.put(path, sha256);
        rejected.remove(path);
    }

    public void remove(String path) {
        hashes.remove(path);
    }

    /**
     * The send of this version failed: unless a newer one was published meanwhile (whose send decides), the path is
     * recorded as {@link #UNSENT}.
     *
     * @return whether the failed send was the path's newest
     */
    public boolean unsentUpsert(String path, String sha256) {
        return hashes.replace(path, sha256, UNSENT);
    }

    /**
     * The send of this path's tombstone failed: unless the path was published again meanwhile, it is listed again, as
     * {@link #UNSENT}, so the next look withdraws it.
     *
     * @return whether the failed tombstone was the path's newest
     */
    public boolean unsentDelete(String path) {
        return hashes.putIfAbsent(path, UNSENT) == null;
    }

    /**
     * Whether what the index has of the path is known good: a version published (or being sent), or a bad version
     * reported. Not for a path whose send failed, one the broker's log lost, or one read by an older version.
     */
    public boolean settled(String path) {
        String hash = hashes.get(path);
        if (hash == null) {
            return rejected.containsKey(path);
        }
        return !hash.equals(UNSENT) && !hash.equals(LOST) && !hash.equals(OUTDATED);
    }

    public String collection() {
        return collection;
    }

    /** Whether this bad version of the file was reported already (nothing to read or report again). */
    public boolean isReported(String path, String fingerprint) {
        return fingerprint != null && fingerprint.equals(rejected.get(path));
    }

    /** Records a bad version; false when exactly this version was reported already. */
    public boolean reject(String path, String fingerprint) {
        return !fingerprint.equals(rejected.put(path, fingerprint));
    }

    /** The file is gone: if the same bad version comes back, it is reported again. */
    public void forgetRejection(String path) {
        rejected.remove(path);
    }

    public Set<String> paths() {
        return Set.copyOf(hashes.keySet());
    }

    public Set<String> rejectedPaths() {
        return Set.copyOf(rejected.keySet());
    }
}

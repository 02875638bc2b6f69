package kb.infra;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import kb.core.settings.KbSettings;
import kb.core.settings.Settings;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Where Kafka and Elasticsearch are: started here (embedded default) or given (an external cluster).
 * Closing stops only what was started here.
 */
public final class Infrastructure implements AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(Infrastructure.class);

    private final DataFolderLock lock;
    private final DiskReserve reserve;
    private final EmbeddedKafka kafka;
    private final BrokerSupervisor supervisor;
    private final EmbeddedElasticsearch elasticsearch;
    private final String bootstrapServers;
    private final String elasticsearchUrl;
    private StartTimes startTimes = new StartTimes(Duration.ZERO, Duration.ZERO, ElasticsearchPhases.NONE);

    private Infrastructure(
            DataFolderLock lock,
            DiskReserve reserve,
            EmbeddedKafka kafka,
            EmbeddedElasticsearch elasticsearch,
            String bootstrapServers,
            String elasticsearchUrl) {
        this.lock = lock;
        this.reserve = reserve;
        this.kafka = kafka;
        this.supervisor =
                kafka == null ? null : BrokerSupervisor.supervise(kafka, DiskReserve.freeSpace(kafka.logDir()));
        this.elasticsearch = elasticsearch;
        this.bootstrapServers = bootstrapServers;
        this.elasticsearchUrl = elasticsearchUrl;
    }

    /**
     * Takes the data folder's lock ({@link DataFolderLock}: a second kb on the folder is refused before it touches
     * anything), then starts as {@link #start(DataFolderLock, String, String, long)} with the margin of
     * {@code KB_DISK_MIN_FREE_MB} from the environment.
     *
     * @param externalKafka         bootstrap servers to use, or null to start the embedded broker
     * @param externalElasticsearch URL to use, or null to start the embedded Elasticsearch
     */
    public static Infrastructure start(Path dataDir, String externalKafka, String externalElasticsearch)
            throws IOException, InterruptedException {
        return start(dataDir, externalKafka, externalElasticsearch, broker -> {});
    }

    /** {@link #start(Path, String, String)}, with what needs only the broker run while Elasticsearch starts. */
    public static Infrastructure start(
            Path dataDir, String externalKafka, String externalElasticsearch, BrokerReady whileElasticsearchStarts)
            throws IOException, InterruptedException {
        long keepFree = new Settings(System.getenv()).get(KbSettings.DISK_MIN_FREE_MB) * 1024 * 1024;
        return start(
                DataFolderLock.acquire(dataDir),
                externalKafka,
                externalElasticsearch,
                keepFree,
                System.getenv(),
                whileElasticsearchStarts);
    }

    /**
     * Holds the disk reserve ({@link DiskReserve}) in the locked folder, then starts what is not external. The
     * lock is released by {@link #close()}, or here if the start fails.
     *
     * @param keepFreeBytes the pipeline's free-space margin, above which the reserve is written back
     */
    public static Infrastructure start(
            DataFolderLock lock, String externalKafka, String externalElasticsearch, long keepFreeBytes)
            throws IOException, InterruptedException {
        return start(lock, externalKafka, externalElasticsearch, keepFreeBytes, System.getenv());
    }

    /**
     * @param settings where the embedded Elasticsearch reads {@code KB_ES_JAVA_OPTS} and {@code KB_CACHE_DIR}:
     *                 what {@code kb up} resolved from its settings file, the environment and its flags
     */
    public static Infrastructure start(
            DataFolderLock lock,
            String externalKafka,
            String externalElasticsearch,
            long keepFreeBytes,
            Map<String, String> settings)
            throws IOException, InterruptedException {
        return start(lock, externalKafka, externalElasticsearch, keepFreeBytes, settings, broker -> {});
    }

    /** What can start with the broker alone (see {@link #start(DataFolderLock, String, String, long, Map, BrokerReady)}). */
    @FunctionalInterface
    public interface BrokerReady {
        void run(BrokerUp broker) throws Exception;
    }

    /**
     * What is known once the broker is ready and Elasticsearch still boots.
     *
     * @param settings  the broker's address, Elasticsearch's as chosen (its port is picked before its spawn; a port
     *                  taken meanwhile moves it, and {@link #settings()} then gives the one it bound) and every watched
     *                  folder ({@code KB_KAFKA_BOOTSTRAP}, {@code KB_ES_URL}, {@code KB_DISK_WATCH})
     * @param indexKept whether the embedded Elasticsearch's data folder held indexes before this start (a restart:
     *                  what the index holds can be answered from L0 before Elasticsearch answers); false for an
     *                  external one, which is up already
     */
    public record BrokerUp(Map<String, String> settings, boolean indexKept) {}

    /**
     * {@link #start(DataFolderLock, String, String, long, Map)}, running {@code whileElasticsearchStarts} on this
     * thread once the broker is ready: Elasticsearch's JVMs take most of a restart, and what needs only the broker
     * (the chunker, the keyword index's load, the folders' scans) is done by the time it answers. Its failure fails
     * the start.
     */
    public static Infrastructure start(
            DataFolderLock lock,
            String externalKafka,
            String externalElasticsearch,
            long keepFreeBytes,
            Map<String, String> settings,
            BrokerReady whileElasticsearchStarts)
            throws IOException, InterruptedException {
        Path dataDir = lock.folder();
        StartTimes.Clock times = new StartTimes.Clock();
        DiskReserve reserve = null;
        StartedTogether.Both<EmbeddedKafka, EmbeddedElasticsearch> started;
        try {
            reserve = DiskReserve.hold(dataDir, keepFreeBytes);
            boolean indexKept = externalElasticsearch == null && ElasticsearchFolders.holdsIndexes(dataDir);
            // Picked now, so what starts with the broker knows Elasticsearch's address before it answers.
            int firstPort = FreePorts.pick();
            String elasticsearchUrl =
                    externalElasticsearch == null ? EmbeddedElasticsearch.url(firstPort) : externalElasticsearch;
            // Both at once: the broker in this JVM while Elasticsearch's own JVM boots, so a start waits for the
            // slower of the two.
            started = StartedTogether.start(
                    times.timed(
                            true, () -> externalKafka == null ? EmbeddedKafka.start(dataDir.resolve("kafka")) : null),
                    times.timed(
                            false,
                            () -> externalElasticsearch == null
                                    ? EmbeddedElasticsearch.start(ElasticsearchLaunch.of(
                                                    distributionZip(), dataDir.resolve("elasticsearch"), "512m")
                                            .withPorts(FreePorts.first(firstPort))
                                            .withSettings(settings))
                                    : null),
                    "broker",
                    "elasticsearch",
                    kafka -> whileElasticsearchStarts.run(new BrokerUp(
                            brokerSettings(kafka, externalKafka, elasticsearchUrl, externalElasticsearch, dataDir),
                            indexKept)));
        } catch (IOException | InterruptedException | RuntimeException | Error e) {
            closeQuietly(reserve);
            lock.close();
            throw e;
        }
        EmbeddedKafka kafka = started.first();
        EmbeddedElasticsearch es = started.second();
        Infrastructure infra = new Infrastructure(
                lock,
                reserve,
                kafka,
                es,
                kafka == null ? externalKafka : kafka.bootstrapServers(),
                es == null ? externalElasticsearch : es.url());
        infra.startTimes = times.times(es);
        return infra;
    }

    /** How long the broker and Elasticsearch took to be ready, each from the start of both (they start together). */
    public StartTimes startTimes() {
        return startTimes;
    }

    /** The data folder's lock, held while this runs: where a kb refused on the folder reads who holds it. */
    public DataFolderLock lock() {
        return lock;
    }

    /** Set by ./kb and by the build for tests; the default is where the build copies it. */
    public static Path distributionZip() {
        return Path.of(System.getProperty("kb.elasticsearch.zip", "kb-local/target/dist/elasticsearch.zip"));
    }

    /**
     * The folders the embedded broker and Elasticsearch write ({@code KB_DISK_WATCH}): a pipeline stops writing
     * while one of them is short of space. None for external ones, whose operators watch their own disks.
     */
    public String diskWatch() {
        return diskWatch(kafka, elasticsearch == null ? null : elasticsearch.dataFolder());
    }

    /** {@link #settings()} before Elasticsearch is ready: its embedded node's port and data folder are chosen already. */
    private static Map<String, String> brokerSettings(
            EmbeddedKafka kafka,
            String externalKafka,
            String elasticsearchUrl,
            String externalElasticsearch,
            Path dataDir)
            throws IOException {
        Path elasticsearchData = externalElasticsearch == null
                ? ElasticsearchFolders.choose(dataDir.resolve("elasticsearch"), NodeProcesses.isRoot())
                        .resolve("data")
                : null;
        return Map.of(
                KbSettings.KAFKA_BOOTSTRAP.name(),
                kafka == null ? externalKafka : kafka.bootstrapServers(),
                KbSettings.ES_URL.name(),
                elasticsearchUrl,
                KbSettings.DISK_WATCH.name(),
                diskWatch(kafka, elasticsearchData));
    }

    private static String diskWatch(EmbeddedKafka kafka, Path elasticsearchData) {
        List<String> folders = new ArrayList<>();
        if (kafka != null) {
            folders.add(kafka.logDir().toString());
        }
        if (elasticsearchData != null) {
            folders.add(elasticsearchData.toString());
        }
        return String.join(",", folders);
    }

    /** The addresses and watched folders as the settings the stages read, so every caller spells them alike. */
    public Map<String, String> settings() {
        return Map.of(
                KbSettings.KAFKA_BOOTSTRAP.name(), bootstrapServers(),
                KbSettings.ES_URL.name(), elasticsearchUrl(),
                KbSettings.DISK_WATCH.name(), diskWatch());
    }

    public String bootstrapServers() {
        return bootstrapServers;
    }

    public String elasticsearchUrl() {
        return elasticsearchUrl;
    }

    /**
     * Told when the embedded Elasticsearch died and its bounded restarts did not bring it back (never for an
     * external one: its operator restarts it, and the API answers degraded meanwhile).
     */
    public void onElasticsearchLost(Consumer<String> listener) {
        if (elasticsearch != null) {
            elasticsearch.onGiveUp(listener);
        }
    }

    /**
     * Told when the embedded broker failed too often and was given up ({@link BrokerSupervisor}): kb goes read-only,
     * with the reason.
     */
    public void onBrokerLost(Consumer<String> listener) {
        if (supervisor != null) {
            supervisor.onGiveUp(listener);
        }
    }

    @Override
    public void close() {
        closeQuietly(elasticsearch);
        if (supervisor != null) {
            supervisor.stopRestarting();
        }
        closeQuietly(kafka);
        closeQuietly(supervisor);
        closeQuietly(reserve);
        lock.close();
    }

    private static void closeQuietly(AutoCloseable closeable) {
        if (closeable == null) {
            return;
        }
        try {
            closeable.close();
        } catch (Exception e) {
            LOG.warn("error while stopping {}", closeable.getClass().getSimpleName(), e);
        }
    }
}

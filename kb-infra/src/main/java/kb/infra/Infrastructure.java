package kb.infra;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import kb.core.settings.KbSettings;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Where Kafka and Elasticsearch are: started here (embedded default) or given (an external cluster).
 * Closing stops only what was started here.
 */
public final class Infrastructure implements AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(Infrastructure.class);

    private final EmbeddedKafka kafka;
    private final EmbeddedElasticsearch elasticsearch;
    private final String bootstrapServers;
    private final String elasticsearchUrl;

    private Infrastructure(
            EmbeddedKafka kafka,
            EmbeddedElasticsearch elasticsearch,
            String bootstrapServers,
            String elasticsearchUrl) {
        this.kafka = kafka;
        this.elasticsearch = elasticsearch;
        this.bootstrapServers = bootstrapServers;
        this.elasticsearchUrl = elasticsearchUrl;
    }

    /**
     * @param externalKafka         bootstrap servers to use, or null to start the embedded broker
     * @param externalElasticsearch URL to use, or null to start the embedded Elasticsearch
     */
    public static Infrastructure start(Path dataDir, String externalKafka, String externalElasticsearch)
            throws IOException, InterruptedException {
        EmbeddedKafka kafka = null;
        EmbeddedElasticsearch es = null;
        try {
            kafka = externalKafka == null ? EmbeddedKafka.start(dataDir.resolve("kafka")) : null;
            es = externalElasticsearch == null
                    ? EmbeddedElasticsearch.start(distributionZip(), dataDir.resolve("elasticsearch"), "512m")
                    : null;
        } catch (IOException | InterruptedException | RuntimeException e) {
            closeQuietly(es);
            closeQuietly(kafka);
            throw e;
        }
        return new Infrastructure(
                kafka,
                es,
                kafka == null ? externalKafka : kafka.bootstrapServers(),
                es == null ? externalElasticsearch : es.url());
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
        List<String> folders = new ArrayList<>();
        if (kafka != null) {
            folders.add(kafka.logDir().toString());
        }
        if (elasticsearch != null) {
            folders.add(elasticsearch.dataFolder().toString());
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

    @Override
    public void close() {
        closeQuietly(elasticsearch);
        closeQuietly(kafka);
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

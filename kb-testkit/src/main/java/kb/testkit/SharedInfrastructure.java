package kb.testkit;

import java.nio.file.Files;
import java.nio.file.Path;
import kb.infra.Infrastructure;
import kb.search.embed.Embedder;
import kb.search.embed.EmbeddingModelSpec;
import kb.search.embed.Embeddings;
import kb.search.embed.OnnxEmbedder;
import org.testcontainers.elasticsearch.ElasticsearchContainer;
import org.testcontainers.kafka.KafkaContainer;

/**
 * One real broker, one real Elasticsearch and one loaded model per test JVM, started on first use and
 * stopped when the JVM exits. Tests isolate themselves with unique topic and index prefixes.
 *
 * <p>One switch chooses where the services come from: by default the local ones (in-process KRaft broker,
 * Elasticsearch from the Maven distribution); {@code KB_TEST_INFRA=testcontainers} starts
 * {@code KafkaContainer} and {@code ElasticsearchContainer} instead, where Docker exists (not exercised in
 * our CI, which has no Docker engine); {@code KB_TEST_KAFKA_BOOTSTRAP} / {@code KB_TEST_ES_URL} point at
 * running services.
 */
public final class SharedInfrastructure {

    private static Infrastructure infrastructure;
    private static Embedder embedder;
    private static Embeddings embeddings;

    private SharedInfrastructure() {}

    public static synchronized Infrastructure get() throws Exception {
        if (infrastructure == null) {
            Path data = Files.createTempDirectory("kb-it-");
            String kafka = blankToNull(System.getenv("KB_TEST_KAFKA_BOOTSTRAP"));
            String es = blankToNull(System.getenv("KB_TEST_ES_URL"));
            if ("testcontainers".equals(System.getenv("KB_TEST_INFRA"))) {
                Containers containers = Containers.start();
                kafka = containers.kafkaBootstrap();
                es = containers.elasticsearchUrl();
                Runtime.getRuntime().addShutdownHook(new Thread(containers::stop, "kb-it-containers-stop"));
            }
            infrastructure = Infrastructure.start(data, kafka, es);
            Runtime.getRuntime().addShutdownHook(new Thread(infrastructure::close, "kb-it-infrastructure-stop"));
        }
        return infrastructure;
    }

    /** The default models (by language), sharing the English one with {@link #embedder()}; Chinese loaded once. */
    public static synchronized Embeddings embeddings() {
        if (embeddings == null) {
            embeddings = Embeddings.byLanguage(embedder(), new OnnxEmbedder(EmbeddingModelSpec.BGE_SMALL_ZH_V15_Q));
        }
        return embeddings;
    }

    public static synchronized Embedder embedder() {
        if (embedder == null) {
            embedder = new OnnxEmbedder(EmbeddingModelSpec.BGE_SMALL_EN_V15_Q);
        }
        return embedder;
    }

    private static String blankToNull(String value) {
        return value == null || value.isBlank() ? null : value;
    }

    /** Kafka and Elasticsearch from Testcontainers, pinned images. */
    private record Containers(KafkaContainer kafka, ElasticsearchContainer elasticsearch) {

        static Containers start() {
            var kafka = new KafkaContainer(PinnedImages.kafka());
            var es =
                    new ElasticsearchContainer(PinnedImages.elasticsearch()).withEnv("xpack.security.enabled", "false");
            kafka.start();
            es.start();
            return new Containers(kafka, es);
        }

        String kafkaBootstrap() {
            return kafka.getBootstrapServers();
        }

        String elasticsearchUrl() {
            return "http://" + elasticsearch.getHttpHostAddress();
        }

        void stop() {
            elasticsearch.stop();
            kafka.stop();
        }
    }
}

package kb.local;

import java.nio.file.Files;
import java.nio.file.Path;
import kb.core.embed.Embedder;
import kb.core.embed.EmbeddingModelSpec;
import kb.core.embed.OnnxEmbedder;

/**
 * One real broker, one real Elasticsearch and one loaded model per test JVM, started on first use and
 * stopped when the JVM exits. Tests isolate themselves with unique topic and index prefixes.
 */
final class SharedInfrastructure {

    private static Infrastructure infrastructure;
    private static Embedder embedder;

    private SharedInfrastructure() {
    }

    static synchronized Infrastructure get() throws Exception {
        if (infrastructure == null) {
            Path data = Files.createTempDirectory("kb-it-");
            String kafka = System.getenv("KB_TEST_KAFKA_BOOTSTRAP");
            String es = System.getenv("KB_TEST_ES_URL");
            infrastructure = Infrastructure.start(data, blankToNull(kafka), blankToNull(es));
            Runtime.getRuntime().addShutdownHook(new Thread(infrastructure::close, "kb-it-infrastructure-stop"));
        }
        return infrastructure;
    }

    static synchronized Embedder embedder() {
        if (embedder == null) {
            embedder = new OnnxEmbedder(EmbeddingModelSpec.BGE_SMALL_EN_V15_Q);
        }
        return embedder;
    }

    private static String blankToNull(String value) {
        return value == null || value.isBlank() ? null : value;
    }
}

package kb.local;

import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import kb.core.Metrics;
import kb.core.Settings;
import kb.core.embed.EmbeddingModelSpec;
import kb.core.embed.OnnxEmbedder;

/**
 * The {@code kb} command. {@code kb up} starts the whole pipeline in this JVM over a folder: the embedded
 * broker and Elasticsearch (unless pointed at external ones) and the four services.
 */
public final class KbMain {

    private KbMain() {
    }

    public static void main(String[] args) {
        List<String> arguments = Arrays.asList(args);
        if (arguments.isEmpty() || !arguments.get(0).equals("up")) {
            System.err.println(UpOptions.USAGE);
            System.exit(2);
        }
        try {
            up(UpOptions.parse(arguments.subList(1, arguments.size()), System.getenv()));
        } catch (IllegalArgumentException e) {
            System.err.println("kb: " + e.getMessage());
            System.exit(2);
        } catch (Exception e) {
            System.err.println("kb: failed to start: " + e);
            e.printStackTrace(System.err);
            System.exit(1);
        }
    }

    private static void up(UpOptions options) throws Exception {
        long start = System.nanoTime();
        System.out.println("kb: knowledge base " + options.kbDir() + ", data " + options.dataDir());
        Settings settings = Settings.fromEnvironment().with(Map.of(
                "KB_BASE_DIR", options.kbDir().toString(),
                "KB_API_PORT", Integer.toString(options.port()),
                "KB_STREAMS_STATE_DIR", options.dataDir().resolve("streams").toString()));
        Infrastructure infra = Infrastructure.start(options.dataDir(), options.kafka(), options.elasticsearch());
        CountDownLatch stopped = new CountDownLatch(1);
        LocalPipeline[] pipeline = new LocalPipeline[1];
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            if (pipeline[0] != null) {
                pipeline[0].close();
            }
            infra.close();
            stopped.countDown();
        }, "kb-shutdown"));
        settings = settings.with(Map.of(
                "KB_KAFKA_BOOTSTRAP", infra.bootstrapServers(),
                "KB_ES_URL", infra.elasticsearchUrl()));
        PrometheusMeterRegistry registry = Metrics.newRegistry();
        EmbeddingModelSpec model = EmbeddingModelSpec.byId(
                settings.string("KB_EMBEDDING_MODEL", EmbeddingModelSpec.BGE_SMALL_EN_V15_Q.id()));
        pipeline[0] = LocalPipeline.start(settings, new OnnxEmbedder(model), registry);
        System.out.printf("kb ready at http://localhost:%d (started in %.1f s)%n", pipeline[0].port(),
                (System.nanoTime() - start) / 1e9);
        stopped.await();
    }
}

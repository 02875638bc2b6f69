package kb.ingest;

import io.micrometer.core.instrument.MeterRegistry;
import java.nio.file.Path;
import java.time.Clock;
import java.util.HashMap;
import java.util.Map;
import kb.core.settings.Settings;
import kb.testkit.SharedInfrastructure;

/** A started ingest producer over a test folder, on its own topic prefix of the shared broker. */
final class TestProducers {

    /** The collection of a test folder, unless a test names another (the folder's temporary name would change). */
    static final String COLLECTION = "notes";

    private TestProducers() {}

    static IngestProducer start(String prefix, Path base, MeterRegistry registry, Map<String, String> extra)
            throws Exception {
        IngestProducer producer = new IngestProducer(
                ProducerConfig.from(new Settings(settings(prefix, base, extra))), registry, Clock.systemUTC());
        producer.start();
        return producer;
    }

    /** A test folder's producer settings on its own topic prefix of the shared broker, with the test's own. */
    static Map<String, String> settings(String prefix, Path base, Map<String, String> extra) throws Exception {
        Map<String, String> values = new HashMap<>(Map.of(
                "KB_KAFKA_BOOTSTRAP",
                SharedInfrastructure.get().bootstrapServers(),
                "KB_TOPIC_PREFIX",
                prefix,
                "KB_BASE_DIR",
                base.toString(),
                "KB_DEBOUNCE",
                "50",
                "KB_COLLECTION",
                COLLECTION));
        values.putAll(extra);
        return values;
    }
}

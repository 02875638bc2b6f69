package kb.core.topics;

import java.util.Map;
import org.apache.kafka.common.serialization.Serde;

/**
 * A topic declared once: its name, its serdes and the configuration it is created with.
 *
 * @param configs topic-level configs (cleanup policy, retention, size limits) applied at creation
 */
public record TopicSpec<K, V>(String name, Serde<K> keySerde, Serde<V> valueSerde, Map<String, String> configs) {

    public TopicSpec {
        configs = Map.copyOf(configs);
    }
}

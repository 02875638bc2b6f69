package kb.local;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.yaml.snakeyaml.Yaml;

/** The deployment files parse and say what they must (no Docker engine here to run them). */
class InfraFilesTest {

    static final Path INFRA = Path.of("..", "infra");

    @Test
    @SuppressWarnings("unchecked")
    void shouldDeclareEveryServiceWithAPinnedImage() throws Exception {
        Map<String, Object> compose = new Yaml().load(Files.readString(INFRA.resolve("docker-compose.yml")));
        Map<String, Map<String, Object>> services = (Map<String, Map<String, Object>>) compose.get("services");
        assertEquals(List.of("kafka", "kafka-init", "elasticsearch", "ingest-producer", "chunker-stream", "indexer-sink",
                "query-api", "prometheus", "grafana"), List.copyOf(services.keySet()));
        for (var service : services.entrySet()) {
            String image = (String) service.getValue().get("image");
            assertTrue(image.matches(".+:v?[0-9][0-9A-Za-z.\\-_]*"), service.getKey() + " image not pinned: " + image);
            assertFalse(image.endsWith(":latest"), service.getKey());
        }
        assertTrue(services.get("elasticsearch").get("image").toString().contains(":8.19."));
        String init = String.valueOf(services.get("kafka-init").get("command"));
        for (String topic : List.of("kb.file-events", "kb.chunks", "kb.documents", "kb.dlq", "kb.query-log")) {
            assertTrue(init.contains("--topic " + topic), topic);
        }
        assertTrue(init.contains("cleanup.policy=compact") && init.contains("cleanup.policy=delete"));
        Map<String, Object> kafkaEnv = (Map<String, Object>) services.get("kafka").get("environment");
        assertEquals("false", String.valueOf(kafkaEnv.get("KAFKA_AUTO_CREATE_TOPICS_ENABLE")));
    }
}

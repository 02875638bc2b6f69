package kb.local;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import kb.testkit.PinnedImages;
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
        assertEquals(
                List.of(
                        "kafka",
                        "elasticsearch",
                        "ingest-producer",
                        "chunker-stream",
                        "indexer-sink",
                        "query-api",
                        "prometheus",
                        "grafana"),
                List.copyOf(services.keySet()));
        for (var service : services.entrySet()) {
            String image = (String) service.getValue().get("image");
            assertTrue(image.matches(".+:v?[0-9][0-9A-Za-z.\\-_]*"), service.getKey() + " image not pinned: " + image);
            assertFalse(image.endsWith(":latest"), service.getKey());
        }
        assertEquals(PinnedImages.elasticsearch(), services.get("elasticsearch").get("image"), "the root pom pins it");
        assertEquals(PinnedImages.kafka(), services.get("kafka").get("image"), "the root pom pins it");
        assertEquals(PinnedImages.prometheus(), services.get("prometheus").get("image"), "the root pom pins it");
        assertEquals(PinnedImages.grafana(), services.get("grafana").get("image"), "the root pom pins it");
        assertTrue(
                Files.readString(INFRA.resolve("Dockerfile")).contains("\nFROM " + PinnedImages.jre() + "\n"),
                "the Dockerfile's base image is the root pom's jre.image");
        Map<String, Object> kafkaEnv =
                (Map<String, Object>) services.get("kafka").get("environment");
        assertEquals("false", String.valueOf(kafkaEnv.get("KAFKA_AUTO_CREATE_TOPICS_ENABLE")));
    }

    /**
     * A deployment that comes back by itself: every service restarts unless stopped and has a health check, and
     * every one that writes keeps it in a named volume (the chunker's Kafka Streams state included).
     */
    @Test
    @SuppressWarnings("unchecked")
    void shouldGiveEveryServiceAHealthCheckARestartPolicyAndAVolumeForWhatItWrites() throws Exception {
        Map<String, Object> compose = compose();
        Map<String, Map<String, Object>> services = (Map<String, Map<String, Object>>) compose.get("services");
        Map<String, Object> volumes = (Map<String, Object>) compose.get("volumes");
        for (var service : services.entrySet()) {
            String name = service.getKey();
            assertEquals("unless-stopped", service.getValue().get("restart"), name);
            Map<String, Object> healthcheck =
                    (Map<String, Object>) service.getValue().get("healthcheck");
            assertTrue(healthcheck != null && !((List<String>) healthcheck.get("test")).isEmpty(), name);
        }
        String state = String.valueOf(environment(services, "chunker-stream").get("KB_STREAMS_STATE_DIR"));
        Map<String, String> writes = Map.of(
                "kafka", "/var/lib/kafka/data",
                "elasticsearch", "/usr/share/elasticsearch/data",
                "chunker-stream", state,
                "prometheus", "/prometheus",
                "grafana", "/var/lib/grafana");
        writes.forEach((name, folder) -> {
            List<String> mounts = (List<String>) services.get(name).get("volumes");
            assertTrue(
                    mounts.stream()
                            .anyMatch(mount ->
                                    volumes.containsKey(mount.split(":")[0]) && folder.startsWith(mount.split(":")[1])),
                    name + " keeps " + folder + " in a named volume: " + mounts);
        });
    }

    /** Each stage's health check asks the port Prometheus scrapes it on, which is the stage's own. */
    @Test
    @SuppressWarnings("unchecked")
    void shouldAskEachStageForItsHealthOnThePortPrometheusScrapes() throws Exception {
        Map<String, Map<String, Object>> services =
                (Map<String, Map<String, Object>>) compose().get("services");
        String scrapes = Files.readString(INFRA.resolve("prometheus/prometheus.yml"));
        for (String name : List.of("ingest-producer", "chunker-stream", "indexer-sink")) {
            Map<String, Object> env = environment(services, name);
            assertEquals("/health", env.get("KB_HEALTH_PATH"), name);
            assertTrue(scrapes.contains("\"" + name + ":" + env.get("KB_HEALTH_PORT") + "\""), name);
        }
        assertEquals("/health/ready", environment(services, "query-api").get("KB_HEALTH_PATH"));
    }

    @Test
    @SuppressWarnings("unchecked")
    void shouldTakeGrafanasAdminPasswordFromTheEnvironment() throws Exception {
        Map<String, Map<String, Object>> services =
                (Map<String, Map<String, Object>>) compose().get("services");
        String password = String.valueOf(environment(services, "grafana").get("GF_SECURITY_ADMIN_PASSWORD"));
        assertTrue(password.matches("\\$\\{[A-Z_]+:\\?.+}"), "required from the environment: " + password);
        assertFalse(Files.readString(INFRA.resolve("README.md")).contains("admin/admin"));
    }

    private static Map<String, Object> compose() throws Exception {
        return new Yaml().load(Files.readString(INFRA.resolve("docker-compose.yml")));
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> environment(Map<String, Map<String, Object>> services, String name) {
        return (Map<String, Object>) services.get(name).get("environment");
    }

    /**
     * The services create the topics and indexes themselves, so every one of them must see the same counts:
     * a service with another partition count than the topics' would refuse to start.
     */
    @Test
    @SuppressWarnings("unchecked")
    void shouldGiveEveryServiceTheSameTopicAndIndexLayout() throws Exception {
        Map<String, Object> compose = new Yaml().load(Files.readString(INFRA.resolve("docker-compose.yml")));
        Map<String, Map<String, Object>> services = (Map<String, Map<String, Object>>) compose.get("services");
        Map<String, String> layout = Map.of(
                "KB_TOPIC_PREFIX", "${KB_TOPIC_PREFIX:-kb.}",
                "KB_TOPIC_PARTITIONS", "${KB_TOPIC_PARTITIONS:-3}",
                "KB_TOPIC_REPLICATION", "${KB_TOPIC_REPLICATION:-}",
                "KB_ES_SHARDS", "${KB_ES_SHARDS:-1}",
                "KB_ES_REPLICAS", "${KB_ES_REPLICAS:-0}");
        for (String name : List.of("ingest-producer", "chunker-stream", "indexer-sink", "query-api")) {
            Map<String, Object> env = (Map<String, Object>) services.get(name).get("environment");
            layout.forEach(
                    (variable, value) -> assertEquals(value, String.valueOf(env.get(variable)), name + " " + variable));
            Map<String, Object> dependsOn =
                    (Map<String, Object>) services.get(name).get("depends_on");
            assertEquals(Map.of("condition", "service_healthy"), dependsOn.get("kafka"), name);
        }
        // No second place that creates topics with counts of its own.
        assertFalse(Files.readString(INFRA.resolve("docker-compose.yml")).contains("--create"));
    }
}

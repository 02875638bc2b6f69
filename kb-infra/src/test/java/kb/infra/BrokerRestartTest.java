package kb.infra;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Properties;
import java.util.Set;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.NewTopic;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The embedded broker started again on its kept log after a clean stop is ready about as fast as a fresh one: the
 * stop was a controlled shutdown, so the controller lets the new incarnation register at once. Before, with
 * controlled shutdown off, the restart waited out the previous incarnation's session (broker.session.timeout.ms,
 * 9 s): 10.25 s against 2.2-2.9 s fresh on a quiet machine. The bound is the fresh start's own time plus less than
 * that session, so a loaded machine, which slows both starts, does not decide it.
 */
class BrokerRestartTest {

    private static final Duration SESSION = Duration.ofSeconds(9);

    @TempDir
    Path work;

    @Test
    void shouldBeReadyAboutAsFastAsAFreshBrokerWhenRestartedAfterACleanStop() throws Exception {
        Path log = work.resolve("kafka");
        try (EmbeddedKafka kafka = EmbeddedKafka.start(log)) { // also loads Kafka's classes, for both timed starts
            createTopic(kafka.bootstrapServers(), "notes");
        }
        long restart = System.nanoTime();
        try (EmbeddedKafka kafka = EmbeddedKafka.start(log)) {
            restart = System.nanoTime() - restart;
            assertTrue(topics(kafka.bootstrapServers()).contains("notes"), "the kept log's topic is back");
        }
        long fresh = System.nanoTime();
        try (EmbeddedKafka kafka = EmbeddedKafka.start(work.resolve("fresh"))) {
            fresh = System.nanoTime() - fresh;
        }
        System.out.printf("[broker-restart] fresh %d ms, restart %d ms%n", fresh / 1_000_000, restart / 1_000_000);
        long margin = SESSION.toNanos() * 2 / 3;
        assertTrue(
                restart < fresh + margin,
                "restart " + restart / 1_000_000 + " ms, fresh " + fresh / 1_000_000
                        + " ms: the restart waited for the previous session");
    }

    private static void createTopic(String bootstrap, String name) throws Exception {
        try (Admin admin = admin(bootstrap)) {
            admin.createTopics(List.of(new NewTopic(name, 1, (short) 1))).all().get();
        }
    }

    private static Set<String> topics(String bootstrap) throws Exception {
        try (Admin admin = admin(bootstrap)) {
            return admin.listTopics().names().get();
        }
    }

    private static Admin admin(String bootstrap) {
        Properties props = new Properties();
        props.put(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrap);
        return Admin.create(props);
    }
}

package kb.core;

import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.NewTopic;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Creates the pipeline's topics with their cleanup policies at start, so nothing depends on broker
 * auto-creation (which would make every topic a 7-day delete topic).
 */
public final class TopicCreator {

    private static final Logger LOG = LoggerFactory.getLogger(TopicCreator.class);

    private TopicCreator() {
    }

    public static void ensureTopics(String bootstrapServers, KbTopics topics, int partitions, short replication) {
        Properties props = new Properties();
        props.put(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers);
        try (Admin admin = Admin.create(props)) {
            Set<String> existing = admin.listTopics().names().get(30, TimeUnit.SECONDS);
            List<NewTopic> missing = topics.all().stream()
                    .filter(spec -> !existing.contains(spec.name()))
                    .map(spec -> new NewTopic(spec.name(), partitions, replication).configs(spec.configs()))
                    .toList();
            if (missing.isEmpty()) {
                return;
            }
            createTolerantOfRaces(admin, missing);
            LOG.info("[topics] created {}", missing.stream().map(NewTopic::name).toList());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while creating topics", e);
        } catch (ExecutionException | TimeoutException e) {
            throw new IllegalStateException("cannot list or create topics on " + bootstrapServers, e);
        }
    }

    /** Several services may start at once: a topic another one just created is fine. */
    private static void createTolerantOfRaces(Admin admin, List<NewTopic> missing)
            throws InterruptedException, TimeoutException, ExecutionException {
        Map<String, org.apache.kafka.common.KafkaFuture<Void>> results = admin.createTopics(missing).values();
        for (var entry : results.entrySet()) {
            try {
                entry.getValue().get(30, TimeUnit.SECONDS);
            } catch (ExecutionException e) {
                if (!(e.getCause() instanceof org.apache.kafka.common.errors.TopicExistsException)) {
                    throw e;
                }
            }
        }
    }
}

package kb.local;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.OptionalInt;
import java.util.Properties;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import kb.core.topics.KbTopics;
import kb.core.topics.TopicCreator;
import kb.core.topics.TopicLayout;
import kb.core.topics.TopicSpec;
import kb.testkit.SharedInfrastructure;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.admin.TopicDescription;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** Partitions and replicas of the pipeline's topics against the real broker (KB_TOPIC_PARTITIONS, KB_TOPIC_REPLICATION). */
class TopicLayoutIntegrationTest {

    private static final Duration DEADLINE = Duration.ofSeconds(30);

    private String bootstrap;
    private KbTopics topics;
    private Admin admin;

    @BeforeEach
    void setUp() throws Exception {
        bootstrap = SharedInfrastructure.get().bootstrapServers();
        topics = KbTopics.withPrefix("l" + UUID.randomUUID().toString().substring(0, 8) + ".");
        Properties props = new Properties();
        props.put(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrap);
        admin = Admin.create(props);
    }

    @AfterEach
    void tearDown() {
        admin.close();
    }

    private static TopicLayout partitions(int count) {
        return new TopicLayout(count, OptionalInt.empty());
    }

    private Map<String, TopicDescription> described(List<TopicSpec<?, ?>> specs) throws Exception {
        return admin.describeTopics(specs.stream().map(TopicSpec::name).toList())
                .allTopicNames()
                .get(10, TimeUnit.SECONDS);
    }

    private Set<String> existing() throws Exception {
        return admin.listTopics().names().get(10, TimeUnit.SECONDS).stream()
                .filter(name -> name.startsWith(topics.prefix()))
                .collect(Collectors.toSet());
    }

    @Test
    void shouldCreateNewTopicsWithTheConfiguredPartitionCount() throws Exception {
        TopicCreator.ensureTopics(bootstrap, topics, partitions(3));
        await().atMost(DEADLINE).ignoreExceptions().untilAsserted(() -> {
            Map<String, TopicDescription> all = described(topics.all());
            assertEquals(topics.all().size(), all.size());
            for (TopicDescription topic : all.values()) {
                assertEquals(3, topic.partitions().size(), topic.name());
                // The default replication on a one-broker cluster: one replica.
                assertEquals(1, topic.partitions().get(0).replicas().size(), topic.name());
            }
        });
    }

    @Test
    void shouldStartOnExistingTopicsWithTheConfiguredPartitionCount() throws Exception {
        TopicCreator.ensureTopics(bootstrap, topics, partitions(2));
        await().atMost(DEADLINE).until(() -> existing().size() == topics.all().size());
        assertDoesNotThrow(() -> TopicCreator.ensureTopics(bootstrap, topics, partitions(2)));
    }

    @Test
    void shouldRefuseToStartWhenTheKeyedTopicsHaveAnotherPartitionCount() throws Exception {
        TopicCreator.ensureTopics(bootstrap, topics, partitions(1));
        await().atMost(DEADLINE).until(() -> existing().size() == topics.all().size());

        IllegalStateException refused = assertThrows(
                IllegalStateException.class, () -> TopicCreator.ensureTopics(bootstrap, topics, partitions(3)));

        String message = refused.getMessage();
        for (TopicSpec<?, ?> keyed : topics.keyed()) {
            assertTrue(message.contains("topic " + keyed.name() + " has 1 partition(s)"), message);
        }
        assertTrue(message.contains("KB_TOPIC_PARTITIONS is 3"), message);
        assertTrue(message.contains("out of order"), message);
        assertTrue(message.contains("new KB_TOPIC_PREFIX and reindex"), message);
        // Only the keyed topics count: the dead letters and the query log keep whatever they have.
        assertFalse(message.contains(topics.dlq().name()), message);
        assertFalse(message.contains(topics.queryLog().name()), message);
        assertEquals(
                1,
                described(topics.keyed())
                        .get(topics.chunks().name())
                        .partitions()
                        .size());
    }

    @Test
    void shouldRefuseBeforeCreatingTheMissingTopics() throws Exception {
        TopicSpec<?, ?> fileEvents = topics.fileEvents();
        admin.createTopics(List.of(new NewTopic(fileEvents.name(), 1, (short) 1).configs(fileEvents.configs())))
                .all()
                .get(10, TimeUnit.SECONDS);
        await().atMost(DEADLINE).until(() -> existing().equals(Set.of(fileEvents.name())));

        IllegalStateException refused = assertThrows(
                IllegalStateException.class, () -> TopicCreator.ensureTopics(bootstrap, topics, partitions(3)));

        assertTrue(
                refused.getMessage().startsWith("topic " + fileEvents.name() + " has 1 partition(s) but"),
                refused.getMessage());
        assertEquals(Set.of(fileEvents.name()), existing());
    }

    @Test
    void shouldNotCheckThePartitionsOfTheUnkeyedTopics() throws Exception {
        TopicSpec<?, ?> dlq = topics.dlq();
        admin.createTopics(List.of(new NewTopic(dlq.name(), 4, (short) 1).configs(dlq.configs())))
                .all()
                .get(10, TimeUnit.SECONDS);
        await().atMost(DEADLINE).until(() -> existing().contains(dlq.name()));

        TopicCreator.ensureTopics(bootstrap, topics, partitions(1));

        await().atMost(DEADLINE).ignoreExceptions().untilAsserted(() -> {
            Map<String, TopicDescription> all = described(topics.all());
            assertEquals(4, all.get(dlq.name()).partitions().size());
            assertEquals(1, all.get(topics.fileEvents().name()).partitions().size());
        });
    }
}

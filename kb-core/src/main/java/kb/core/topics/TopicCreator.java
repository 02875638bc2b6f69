package kb.core.topics;

import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.stream.Collectors;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.admin.TopicDescription;
import org.apache.kafka.common.KafkaFuture;
import org.apache.kafka.common.errors.TopicExistsException;
import org.apache.kafka.common.errors.UnknownTopicOrPartitionException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Creates the pipeline's topics with their cleanup policies, partitions and replicas at start, so nothing
 * depends on broker auto-creation (which would make every topic a 7-day delete topic), and refuses to start
 * on keyed topics whose partition count differs from the configured one.
 */
public final class TopicCreator {

    private static final Logger LOG = LoggerFactory.getLogger(TopicCreator.class);

    /** How often a topic listed but not yet described is asked again, and how long apart. */
    private static final int DESCRIBE_ATTEMPTS = 20;

    private static final long DESCRIBE_PAUSE_MS = 500;

    private TopicCreator() {}

    /** The topics of this configuration, laid out as it says. */
    public static void ensureTopics(CommonConfig common) {
        ensureTopics(common.bootstrapServers(), common.topics(), common.topicLayout());
    }

    public static void ensureTopics(String bootstrapServers, KbTopics topics, TopicLayout layout) {
        Properties props = new Properties();
        props.put(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers);
        try (Admin admin = Admin.create(props)) {
            Set<String> existing = admin.listTopics().names().get(30, TimeUnit.SECONDS);
            Set<String> keyed = topics.keyed().stream().map(TopicSpec::name).collect(Collectors.toSet());
            // Checked before anything is created: a refused start leaves the cluster as it found it.
            checkPartitions(admin, intersection(keyed, existing), layout.partitions());
            List<TopicSpec<?, ?>> missing = topics.all().stream()
                    .filter(spec -> !existing.contains(spec.name()))
                    .toList();
            if (missing.isEmpty()) {
                return;
            }
            short replication = layout.replicationFor(
                    admin.describeCluster().nodes().get(30, TimeUnit.SECONDS).size());
            List<NewTopic> created = missing.stream()
                    .map(spec -> new NewTopic(spec.name(), layout.partitions(), replication)
                            .configs(withReplicaConfigs(spec.configs(), replication)))
                    .toList();
            Set<String> createdElsewhere = createTolerantOfRaces(admin, created);
            // Another service may have won the race with another partition count.
            checkPartitions(admin, intersection(keyed, createdElsewhere), layout.partitions());
            List<String> createdHere = created.stream()
                    .map(NewTopic::name)
                    .filter(name -> !createdElsewhere.contains(name))
                    .toList();
            if (!createdHere.isEmpty()) {
                LOG.info(
                        "created {} with {} partition(s), replication {}",
                        createdHere,
                        layout.partitions(),
                        replication);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while creating topics", e);
        } catch (ExecutionException | TimeoutException e) {
            throw new IllegalStateException("cannot list or create topics on " + bootstrapServers, e);
        }
    }

    /**
     * Adding partitions to a keyed, compacted topic re-maps keys to partitions: a document's next version
     * would land in another partition than its previous ones and could be consumed before them, so an older
     * version would overwrite a newer one. Refuse rather than run like that.
     */
    private static void checkPartitions(Admin admin, Set<String> names, int configured)
            throws InterruptedException, ExecutionException, TimeoutException {
        if (names.isEmpty()) {
            return;
        }
        Map<String, TopicDescription> found = describe(admin, names);
        List<String> mismatches = found.values().stream()
                .filter(topic -> topic.partitions().size() != configured)
                .sorted(Comparator.comparing(TopicDescription::name))
                .map(topic ->
                        "topic " + topic.name() + " has " + topic.partitions().size() + " partition(s)")
                .toList();
        if (!mismatches.isEmpty()) {
            throw new IllegalStateException(String.join(", ", mismatches) + " but " + TopicLayout.PARTITIONS_SETTING
                    + " is " + configured + ": refusing to start. These topics are keyed by document and compacted;"
                    + " re-partitioning them would move documents to other partitions, and a document's versions"
                    + " could then be applied out of order. Set " + TopicLayout.PARTITIONS_SETTING + " to the"
                    + " topics' count, or create new topics with a new KB_TOPIC_PREFIX and reindex.");
        }
    }

    /**
     * The topics' descriptions. A topic just created (or being deleted) may be listed before every broker hosts it:
     * its description is then asked again for a few seconds rather than failing the start.
     */
    private static Map<String, TopicDescription> describe(Admin admin, Set<String> names)
            throws InterruptedException, ExecutionException, TimeoutException {
        for (int attempt = 1; ; attempt++) {
            try {
                return admin.describeTopics(names).allTopicNames().get(30, TimeUnit.SECONDS);
            } catch (ExecutionException e) {
                if (!(e.getCause() instanceof UnknownTopicOrPartitionException) || attempt == DESCRIBE_ATTEMPTS) {
                    throw e;
                }
                Thread.sleep(DESCRIBE_PAUSE_MS);
            }
        }
    }

    private static Map<String, String> withReplicaConfigs(Map<String, String> configs, short replication) {
        Map<String, String> all = new HashMap<>(configs);
        all.putAll(TopicLayout.replicaConfigs(replication));
        return all;
    }

    private static Set<String> intersection(Set<String> a, Set<String> b) {
        Set<String> both = new HashSet<>(a);
        both.retainAll(b);
        return both;
    }

    /** Several services may start at once: a topic another one just created is fine. Returns those. */
    private static Set<String> createTolerantOfRaces(Admin admin, List<NewTopic> missing)
            throws InterruptedException, TimeoutException, ExecutionException {
        Set<String> createdElsewhere = new HashSet<>();
        Map<String, KafkaFuture<Void>> results = admin.createTopics(missing).values();
        for (var entry : results.entrySet()) {
            try {
                entry.getValue().get(30, TimeUnit.SECONDS);
            } catch (ExecutionException e) {
                if (!(e.getCause() instanceof TopicExistsException)) {
                    throw e;
                }
                createdElsewhere.add(entry.getKey());
            }
        }
        return createdElsewhere;
    }
}

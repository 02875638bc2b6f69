package kb.core.topics;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.Map;
import java.util.OptionalInt;
import kb.core.settings.Settings;
import org.junit.jupiter.api.Test;

class TopicLayoutTest {

    private static TopicLayout layout(Map<String, String> values) {
        return CommonConfig.from(new Settings(values)).topicLayout();
    }

    @Test
    void shouldDefaultToOnePartitionAndReplicationFromTheCluster() {
        TopicLayout layout = layout(Map.of());
        assertEquals(1, layout.partitions());
        assertEquals(OptionalInt.empty(), layout.replication());
        assertEquals(1, layout.replicationFor(1));
        assertEquals(2, layout.replicationFor(2));
        assertEquals(3, layout.replicationFor(3));
        assertEquals(3, layout.replicationFor(7));
    }

    @Test
    void shouldReadConfiguredPartitionsAndReplicationOverTheClusterSize() {
        TopicLayout layout = layout(Map.of("KB_TOPIC_PARTITIONS", "6", "KB_TOPIC_REPLICATION", "2"));
        assertEquals(6, layout.partitions());
        assertEquals(2, layout.replicationFor(5));
    }

    @Test
    void shouldTreatABlankReplicationAsUnset() {
        assertEquals(
                OptionalInt.empty(), layout(Map.of("KB_TOPIC_REPLICATION", " ")).replication());
    }

    @Test
    void shouldRequireAllButOneReplicaInSyncFromThreeReplicasOn() {
        assertEquals(Map.of(), TopicLayout.replicaConfigs((short) 1));
        assertEquals(Map.of(), TopicLayout.replicaConfigs((short) 2));
        assertEquals(Map.of("min.insync.replicas", "2"), TopicLayout.replicaConfigs((short) 3));
        assertEquals(Map.of("min.insync.replicas", "4"), TopicLayout.replicaConfigs((short) 5));
    }

    @Test
    void shouldRejectNonsensicalCounts() {
        assertEquals(
                "KB_TOPIC_PARTITIONS must be at least 1, got 0",
                assertThrows(IllegalArgumentException.class, () -> layout(Map.of("KB_TOPIC_PARTITIONS", "0")))
                        .getMessage());
        assertEquals(
                "KB_TOPIC_PARTITIONS must be a whole number, got 'three'",
                assertThrows(IllegalArgumentException.class, () -> layout(Map.of("KB_TOPIC_PARTITIONS", "three")))
                        .getMessage());
        assertEquals(
                "KB_TOPIC_REPLICATION must be between 1 and 32767, got 0",
                assertThrows(IllegalArgumentException.class, () -> layout(Map.of("KB_TOPIC_REPLICATION", "0")))
                        .getMessage());
        assertEquals(
                "KB_TOPIC_REPLICATION must be a whole number, got '2.5'",
                assertThrows(IllegalArgumentException.class, () -> layout(Map.of("KB_TOPIC_REPLICATION", "2.5")))
                        .getMessage());
    }
}

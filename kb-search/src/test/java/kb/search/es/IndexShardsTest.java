package kb.search.es;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.Map;
import kb.core.settings.Settings;
import org.junit.jupiter.api.Test;

class IndexShardsTest {

    @Test
    void shouldDefaultToOneShardWithoutReplicas() {
        assertEquals(new IndexShards(1, 0), IndexShards.from(new Settings(Map.of())));
    }

    @Test
    void shouldReadConfiguredShardsAndReplicas() {
        assertEquals(
                new IndexShards(3, 1),
                IndexShards.from(new Settings(Map.of("KB_ES_SHARDS", "3", "KB_ES_REPLICAS", "1"))));
    }

    @Test
    void shouldRejectNonsensicalCounts() {
        assertEquals(
                "KB_ES_SHARDS must be at least 1, got 0",
                assertThrows(
                                IllegalArgumentException.class,
                                () -> IndexShards.from(new Settings(Map.of("KB_ES_SHARDS", "0"))))
                        .getMessage());
        assertEquals(
                "KB_ES_REPLICAS must be at least 0, got -1",
                assertThrows(
                                IllegalArgumentException.class,
                                () -> IndexShards.from(new Settings(Map.of("KB_ES_REPLICAS", "-1"))))
                        .getMessage());
        assertEquals(
                "KB_ES_SHARDS must be a whole number, got 'two'",
                assertThrows(
                                IllegalArgumentException.class,
                                () -> IndexShards.from(new Settings(Map.of("KB_ES_SHARDS", "two"))))
                        .getMessage());
    }
}

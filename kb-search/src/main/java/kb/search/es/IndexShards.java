package kb.search.es;

import kb.core.settings.KbSettings;
import kb.core.settings.Settings;

/**
 * Shards and replicas of the indexes the sink creates, read once at start. Both apply to index versions
 * created from then on: an existing version keeps its shards (Elasticsearch cannot change them in place).
 *
 * @param shards   primary shards per index ({@code KB_ES_SHARDS}, default 1)
 * @param replicas copies of each shard on other nodes ({@code KB_ES_REPLICAS}, default 0: a single node
 *                 could not place them, and the cluster would stay yellow)
 */
public record IndexShards(int shards, int replicas) {

    public static final IndexShards DEFAULT =
            new IndexShards(KbSettings.ES_SHARDS.fallback(), KbSettings.ES_REPLICAS.fallback());

    public IndexShards {
        if (shards < 1) {
            throw new IllegalArgumentException("KB_ES_SHARDS must be at least 1, got " + shards);
        }
        if (replicas < 0) {
            throw new IllegalArgumentException("KB_ES_REPLICAS must be at least 0, got " + replicas);
        }
    }

    public static IndexShards from(Settings settings) {
        return new IndexShards(settings.get(KbSettings.ES_SHARDS), settings.get(KbSettings.ES_REPLICAS));
    }
}

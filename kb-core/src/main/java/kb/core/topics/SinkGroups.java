package kb.core.topics;

import kb.core.settings.KbSettings;
import kb.core.settings.Settings;

/**
 * The indexer sink's consumer groups, one per index version ({@code kb-indexer-v{N}}): the sink consumes with
 * them, the query API reads their lag. Defined here once so the two cannot drift apart.
 *
 * @param prefix {@code KB_SINK_GROUP}, default {@value #DEFAULT_PREFIX}
 */
public record SinkGroups(String prefix) {

    public static final String DEFAULT_PREFIX = KbSettings.SINK_GROUP.fallback();

    public static SinkGroups from(Settings settings) {
        return new SinkGroups(settings.get(KbSettings.SINK_GROUP));
    }

    /** The group that builds (and then keeps current) index version {@code version}. */
    public String forVersion(int version) {
        return prefix + "-v" + version;
    }

    /**
     * The group of index version {@code version}'s reader of the live lane (kb.chunks-live): a consumer of its own,
     * so the backlog's consumer is never paused for it, and a group of its own, so its joining never moves the
     * backlog's partitions. Its lag is not the pipeline's: the lane only holds copies of what kb.chunks holds.
     */
    public String liveForVersion(int version) {
        return forVersion(version) + "-live";
    }
}

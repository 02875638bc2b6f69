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
}

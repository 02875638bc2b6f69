package kb.testkit;

import java.util.Map;
import java.util.UUID;
import kb.core.settings.KbSettings;

/**
 * The settings that keep one test's pipeline apart from every other on the shared broker and Elasticsearch: its
 * topics and indexes under a fresh prefix, and a Streams application and a sink group of its own (with the defaults,
 * two tests' chunkers or sinks would share partitions and committed offsets, and their documents one index).
 */
public final class IsolatedSettings {

    private IsolatedSettings() {}

    /** A fresh prefix: a letter and eight hex digits, valid in a topic, an index and a group name. */
    public static String newPrefix() {
        return "c" + UUID.randomUUID().toString().substring(0, 8);
    }

    /** Topic prefix, index prefix, Streams application id and sink group under a fresh prefix. */
    public static Map<String, String> fresh() {
        return under(newPrefix());
    }

    /** Topic prefix ({@code PREFIX.}), index prefix, Streams application id and sink group under {@code prefix}. */
    public static Map<String, String> under(String prefix) {
        return Map.of(
                KbSettings.TOPIC_PREFIX.name(),
                prefix + ".",
                KbSettings.INDEX_PREFIX.name(),
                prefix,
                KbSettings.CHUNKER_APP_ID.name(),
                prefix + "-chunker",
                KbSettings.SINK_GROUP.name(),
                prefix + "-indexer");
    }
}

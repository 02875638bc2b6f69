package kb.search.es;

import kb.core.settings.KbSettings;

/**
 * Index and alias names from one prefix ({@code KB_INDEX_PREFIX}, default {@code kb}): versioned indexes
 * {@code kb-chunks-v{N}} and {@code kb-docs-v{N}} behind the aliases {@code kb-chunks} and {@code kb-docs}.
 */
public record IndexNames(String prefix) {

    public static final String DEFAULT_PREFIX = KbSettings.INDEX_PREFIX.fallback();

    public String chunksAlias() {
        return prefix + "-chunks";
    }

    public String docsAlias() {
        return prefix + "-docs";
    }

    public String chunksIndex(int version) {
        return chunksAlias() + "-v" + version;
    }

    public String docsIndex(int version) {
        return docsAlias() + "-v" + version;
    }

    /** Every version of the chunk index. */
    public String chunksIndexPattern() {
        return chunksAlias() + "-v*";
    }

    /** The version number of an index named by this convention ({@code kb-chunks-v3} → 3). */
    public static int versionOf(String index) {
        return Integer.parseInt(index.substring(index.lastIndexOf("-v") + 2));
    }

    /** The sink's per-document write state (generation, current chunk ids), one per chunks-index version. */
    public String stateIndex(int version) {
        return prefix + "-docstate-v" + version;
    }
}

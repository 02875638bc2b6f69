package kb.sink.versions;

import kb.search.es.IndexNames;

/**
 * One generation of the physical indexes: {@code kb-chunks-v{N}}, {@code kb-docs-v{N}} and the sink's
 * {@code kb-docstate-v{N}}. The sink writes to explicit names; readers go through the aliases.
 */
public record IndexVersion(int number, String chunksIndex, String docsIndex, String stateIndex) {

    public static IndexVersion of(IndexNames names, int number) {
        return new IndexVersion(number, names.chunksIndex(number), names.docsIndex(number), names.stateIndex(number));
    }
}

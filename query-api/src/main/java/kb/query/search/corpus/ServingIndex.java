package kb.query.search.corpus;

import co.elastic.clients.elasticsearch.ElasticsearchClient;
import co.elastic.clients.json.JsonData;
import java.io.IOException;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import kb.search.es.ChunkFields;
import kb.search.es.IndexMeta;
import kb.search.es.IndexNames;

/**
 * What the chunk alias serves: which index version, built with which mapping version, and whether a newer
 * version is being built beside it (a migration). Read from Elasticsearch at most every few seconds, so a
 * query API upgraded before the sink has rebuilt the index keeps searching the fields the served index has.
 */
public final class ServingIndex {

    private static final long REFRESH_NANOS = 5_000_000_000L;

    /**
     * @param index          the physical index behind the alias
     * @param mappingVersion its {@code _meta.mapping_version} (0 when absent)
     * @param newestVersion  the newest version of the chunk index; above the served one while the sink builds it
     * @param vectorFields   the vector fields its mapping has (an index built before the by-language models has
     *                       no {@code embedding_zh}: a kNN on it would fail)
     * @param populated      the vector fields at least one chunk has a vector in (an English folder leaves the
     *                       Chinese one empty: no question needs embedding for it)
     */
    public record Format(
            String index, int mappingVersion, int newestVersion, Set<String> vectorFields, Set<String> populated) {

        public int servedVersion() {
            return IndexNames.versionOf(index);
        }

        public boolean migrating() {
            return newestVersion > servedVersion();
        }

        public boolean hasLexicalFields() {
            return mappingVersion >= ChunkFields.LEXICAL_FIELDS_SINCE;
        }
    }

    private final ElasticsearchClient client;
    private final IndexNames names;
    private volatile Format format;
    private volatile long readAt;

    public ServingIndex(ElasticsearchClient client, IndexNames names) {
        this.client = client;
        this.names = names;
    }

    public Format format() throws IOException {
        Format known = format;
        if (known == null || System.nanoTime() - readAt > REFRESH_NANOS) {
            known = read();
            format = known;
            readAt = System.nanoTime();
        }
        return known;
    }

    private Format read() throws IOException {
        String index = IndexMeta.indexBehind(client, names.chunksAlias());
        var mapping = client.indices()
                .getMapping(m -> m.index(index))
                .result()
                .get(index)
                .mappings();
        Map<String, JsonData> meta = mapping.meta();
        Set<String> vectorFields = mapping.properties().entrySet().stream()
                .filter(p -> p.getValue().isDenseVector())
                .map(Map.Entry::getKey)
                .collect(Collectors.toUnmodifiableSet());
        int mappingVersion = IndexMeta.mappingVersion(meta);
        int newest = client.indices().get(g -> g.index(names.chunksIndexPattern())).result().keySet().stream()
                .mapToInt(IndexNames::versionOf)
                .max()
                .orElse(IndexNames.versionOf(index));
        Set<String> populated = new HashSet<>();
        for (String field : vectorFields) {
            if (client.count(c -> c.index(index).query(q -> q.exists(e -> e.field(field))))
                            .count()
                    > 0) {
                populated.add(field);
            }
        }
        return new Format(index, mappingVersion, newest, vectorFields, Set.copyOf(populated));
    }
}

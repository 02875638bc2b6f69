package kb.sink.versions;

import co.elastic.clients.elasticsearch.ElasticsearchClient;
import co.elastic.clients.elasticsearch._types.ElasticsearchException;
import co.elastic.clients.json.JsonData;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.InputStream;
import java.io.StringReader;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import kb.core.Json;
import kb.search.embed.Embeddings;
import kb.search.es.ChunkFields;
import kb.search.es.IndexMeta;
import kb.search.es.IndexNames;
import kb.search.es.IndexShards;
import kb.search.es.VectorIndex;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The versioned indexes behind their aliases: created from the JSON resources with the mapping version,
 * embedding model, dimensions and chunker version in {@code _meta}; promoted by one atomic alias swap.
 */
public final class IndexLayout {

    private static final Logger LOG = LoggerFactory.getLogger(IndexLayout.class);
    /**
     * 3: lexical_text and lexical_title, analysed in Java (CJK bigrams and characters, English stemmed).
     * 4: collection, on chunks and documents.
     * 5: tags, aliases, tag paths and properties (links on documents); each chunk's start and end line.
     * 6: each chunk's location (lines, page, slide, sheet rows or notebook cell) in place of its lines.
     * 7: the vectors kept out of the stored _source, read back from vector_bytes.
     */
    public static final int MAPPING_VERSION = ChunkFields.VECTORS_OUT_OF_SOURCE_SINCE;

    public static final int CHUNKER_VERSION = 1;

    private final ElasticsearchClient client;
    private final IndexNames names;
    private final Embeddings embeddings;
    private final String modelId;
    private final IndexShards shards;
    private final VectorIndex vectorIndex;

    public IndexLayout(
            ElasticsearchClient client,
            IndexNames names,
            Embeddings embeddings,
            IndexShards shards,
            VectorIndex vectorIndex) {
        this.client = client;
        this.names = names;
        this.embeddings = embeddings;
        this.modelId = embeddings.id();
        this.shards = shards;
        this.vectorIndex = vectorIndex;
    }

    /** The version the chunks alias points at, if any. */
    public Optional<IndexVersion> current() throws IOException {
        if (!client.indices().existsAlias(a -> a.name(names.chunksAlias())).value()) {
            return Optional.empty();
        }
        String index = IndexMeta.indexBehind(client, names.chunksAlias());
        int number = IndexNames.versionOf(index);
        return Optional.of(IndexVersion.of(names, number));
    }

    /** Whether an index version was built with this mapping version, embedding model and vector index. */
    public boolean isCurrentFormat(IndexVersion version) throws IOException {
        Map<String, JsonData> meta = IndexMeta.of(client, version.chunksIndex());
        return IndexMeta.mappingVersion(meta) == MAPPING_VERSION
                && modelId.equals(IndexMeta.model(meta))
                && IndexMeta.vectorIndex(meta) == vectorIndex;
    }

    /** Creates the indexes of a version that do not exist yet (a resumed migration finds some). */
    public IndexVersion create(int number) throws IOException {
        IndexVersion version = IndexVersion.of(names, number);
        createIfMissing(version.chunksIndex(), "chunks-index.json", true);
        createIfMissing(version.docsIndex(), "docs-index.json", false);
        createIfMissing(version.stateIndex(), "docstate-index.json", false);
        addStateFields(version);
        return version;
    }

    /**
     * Adds the state fields of this release to a version's state index created by an earlier one (its mapping
     * is strict; adding fields is allowed and idempotent), so an existing index keeps being served.
     */
    public void addStateFields(IndexVersion version) throws IOException {
        String mappings;
        try (InputStream in = resource("docstate-index.json")) {
            mappings = Json.MAPPER.writeValueAsString(Json.MAPPER.readTree(in).get("mappings"));
        }
        client.indices().putMapping(p -> p.index(version.stateIndex()).withJson(new StringReader(mappings)));
    }

    /** The names of a version's indexes. */
    public IndexVersion version(int number) {
        return IndexVersion.of(names, number);
    }

    /** Whether this version's chunk index exists (a reindex a crash interrupted leaves it behind). */
    public boolean exists(IndexVersion version) throws IOException {
        return client.indices().exists(e -> e.index(version.chunksIndex())).value();
    }

    /** The reindex that builds this version, kept in its chunk index's {@code _meta} beside the format. */
    public void recordReindex(IndexVersion version, String reindexId) throws IOException {
        Map<String, JsonData> meta = new HashMap<>(IndexMeta.of(client, version.chunksIndex()));
        meta.put(IndexMeta.REINDEX_ID, JsonData.of(reindexId));
        client.indices().putMapping(p -> p.index(version.chunksIndex()).meta(meta));
    }

    /** The reindex recorded on this version, or null. */
    public String reindexOf(IndexVersion version) throws IOException {
        return IndexMeta.reindexId(IndexMeta.of(client, version.chunksIndex()));
    }

    /** Drops a version that is not served (a partial one nothing can resume). */
    public void drop(IndexVersion version) throws IOException {
        client.indices().delete(d -> d.index(version.chunksIndex(), version.docsIndex(), version.stateIndex())
                .ignoreUnavailable(true));
        LOG.info("dropped the partial version {}", version.number());
    }

    /** Points both aliases at the target in one atomic call, then drops the previous version. */
    public void promote(IndexVersion target, IndexVersion previous) throws IOException {
        client.indices().updateAliases(u -> {
            if (previous != null) {
                u.actions(a -> a.remove(r -> r.index(previous.chunksIndex()).alias(names.chunksAlias())));
                u.actions(a -> a.remove(r -> r.index(previous.docsIndex()).alias(names.docsAlias())));
            }
            u.actions(a -> a.add(r -> r.index(target.chunksIndex()).alias(names.chunksAlias())));
            u.actions(a -> a.add(r -> r.index(target.docsIndex()).alias(names.docsAlias())));
            return u;
        });
        LOG.info("aliases {} and {} now point at version {}", names.chunksAlias(), names.docsAlias(), target.number());
        if (previous != null) {
            client.indices().delete(d -> d.index(previous.chunksIndex(), previous.docsIndex(), previous.stateIndex())
                    .ignoreUnavailable(true));
            LOG.info("dropped version {}", previous.number());
        }
    }

    private void createIfMissing(String index, String resource, boolean hasVectors) throws IOException {
        if (client.indices().exists(e -> e.index(index)).value()) {
            return;
        }
        String body = definition(resource, hasVectors);
        try {
            client.indices().create(c -> c.index(index).withJson(new StringReader(body)));
            LOG.info("created index {}", index);
        } catch (ElasticsearchException e) {
            // Another instance may have created it between the check and the call.
            if (!"resource_already_exists_exception".equals(e.error().type())) {
                throw e;
            }
        }
    }

    /** The resource's settings and mappings, with the configured shards and the model's {@code _meta} and dims. */
    String definition(String resource, boolean hasVectors) throws IOException {
        try (InputStream in = resource(resource)) {
            ObjectNode root = (ObjectNode) Json.MAPPER.readTree(in);
            // The resources leave shards and replicas out: the deployment decides them (KB_ES_SHARDS, KB_ES_REPLICAS).
            ObjectNode settings = (ObjectNode) root.get("settings");
            settings.put("number_of_shards", shards.shards());
            settings.put("number_of_replicas", shards.replicas());
            ObjectNode mappings = (ObjectNode) root.get("mappings");
            ObjectNode meta = mappings.putObject("_meta");
            meta.put(IndexMeta.MAPPING_VERSION, MAPPING_VERSION);
            meta.put(IndexMeta.CHUNKER_VERSION, CHUNKER_VERSION);
            meta.put(IndexMeta.MODEL, modelId);
            meta.put(
                    IndexMeta.DIMS,
                    embeddings.of(Embeddings.Script.LATIN).embedder().dimensions());
            if (hasVectors) {
                meta.put(IndexMeta.VECTOR_INDEX, vectorIndex.id());
                ObjectNode properties = (ObjectNode) mappings.get("properties");
                for (String field : List.of(ChunkFields.EMBEDDING, ChunkFields.EMBEDDING_ZH)) {
                    ((ObjectNode) properties.get(field))
                            .putObject("index_options")
                            .put("type", vectorIndex.elasticsearchType());
                }
                for (Embeddings.Space space : embeddings.spaces()) {
                    ((ObjectNode) properties.get(space.field()))
                            .put("dims", space.embedder().dimensions());
                }
            }
            return Json.MAPPER.writeValueAsString(root);
        }
    }

    /** The mappings stay under kb/sink/, the stage's folder, whichever package reads them. */
    private static final String RESOURCES = "/kb/sink/";

    private static InputStream resource(String name) throws IOException {
        InputStream in = IndexLayout.class.getResourceAsStream(RESOURCES + name);
        if (in == null) {
            throw new IOException("missing resource " + name);
        }
        return in;
    }
}

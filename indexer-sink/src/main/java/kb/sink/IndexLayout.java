package kb.sink;

import co.elastic.clients.elasticsearch.ElasticsearchClient;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.InputStream;
import java.io.StringReader;
import kb.core.Json;
import kb.core.es.IndexNames;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Creates the versioned indexes behind their aliases from the JSON resources, recording in {@code _meta}
 * the mapping version, the embedding model and its dimensions, and the chunker version.
 */
public final class IndexLayout {

    private static final Logger LOG = LoggerFactory.getLogger(IndexLayout.class);
    public static final int MAPPING_VERSION = 1;
    public static final int CHUNKER_VERSION = 1;

    private final ElasticsearchClient client;
    private final IndexNames names;
    private final String modelId;
    private final int dimensions;

    public IndexLayout(ElasticsearchClient client, IndexNames names, String modelId, int dimensions) {
        this.client = client;
        this.names = names;
        this.modelId = modelId;
        this.dimensions = dimensions;
    }

    /** Creates whatever of the current version is missing; existing indexes are left as they are. */
    public void ensure() throws IOException {
        createIfMissing(names.chunksIndex(MAPPING_VERSION), names.chunksAlias(), "chunks-index.json", true);
        createIfMissing(names.docsIndex(MAPPING_VERSION), names.docsAlias(), "docs-index.json", false);
        createIfMissing(names.stateIndex(MAPPING_VERSION), null, "docstate-index.json", false);
    }

    public String stateIndex() {
        return names.stateIndex(MAPPING_VERSION);
    }

    private void createIfMissing(String index, String alias, String resource, boolean hasVectors) throws IOException {
        if (client.indices().exists(e -> e.index(index)).value()) {
            return;
        }
        String body = definition(resource, hasVectors);
        try {
            client.indices().create(c -> {
                c.index(index).withJson(new StringReader(body));
                return alias == null ? c : c.aliases(alias, a -> a.isWriteIndex(true));
            });
            LOG.info("[sink] created index {}{}", index, alias == null ? "" : " behind alias " + alias);
        } catch (co.elastic.clients.elasticsearch._types.ElasticsearchException e) {
            // Another instance may have created it between the check and the call.
            if (!"resource_already_exists_exception".equals(e.error().type())) {
                throw e;
            }
        }
    }

    private String definition(String resource, boolean hasVectors) throws IOException {
        try (InputStream in = IndexLayout.class.getResourceAsStream(resource)) {
            if (in == null) {
                throw new IOException("missing resource " + resource);
            }
            ObjectNode root = (ObjectNode) Json.MAPPER.readTree(in);
            ObjectNode mappings = (ObjectNode) root.get("mappings");
            ObjectNode meta = mappings.putObject("_meta");
            meta.put("mapping_version", MAPPING_VERSION);
            meta.put("chunker_version", CHUNKER_VERSION);
            if (hasVectors) {
                meta.put("model", modelId);
                meta.put("dims", dimensions);
                ((ObjectNode) mappings.get("properties").get("embedding")).put("dims", dimensions);
            }
            return Json.MAPPER.writeValueAsString(root);
        }
    }
}

package kb.query.calibration;

import co.elastic.clients.elasticsearch.ElasticsearchClient;
import co.elastic.clients.elasticsearch._types.ElasticsearchException;
import co.elastic.clients.elasticsearch.core.GetResponse;
import java.io.IOException;
import java.io.StringReader;
import java.util.Optional;
import kb.query.search.corpus.GateThreshold;
import kb.search.es.IndexMeta;
import kb.search.es.IndexNames;

/**
 * Keeps each measurement in a small index of its own ({@code PREFIX-calibration}, not searched), one document per
 * chunk-index version: a reindex builds a new version and so starts with nothing kept, as its corpus must be
 * measured anew.
 */
public final class IndexedCalibrations implements CalibrationStore {

    private final ElasticsearchClient client;
    private final IndexNames names;

    public IndexedCalibrations(ElasticsearchClient client, IndexNames names) {
        this.client = client;
        this.names = names;
    }

    @Override
    public Optional<GateThreshold> load() throws IOException {
        String version = servedVersion();
        if (version == null || !client.indices().exists(e -> e.index(index())).value()) {
            return Optional.empty();
        }
        GetResponse<GateThreshold> kept = client.get(g -> g.index(index()).id(version), GateThreshold.class);
        return kept.found() ? Optional.ofNullable(kept.source()) : Optional.empty();
    }

    @Override
    public void save(GateThreshold threshold) throws IOException {
        String version = servedVersion();
        if (version == null) {
            return;
        }
        createIfMissing();
        client.index(i -> i.index(index()).id(version).document(threshold));
    }

    private String index() {
        return names.prefix() + "-calibration";
    }

    /** The chunk-index version behind the alias, or null before the sink has made one. */
    private String servedVersion() throws IOException {
        if (!client.indices().existsAlias(a -> a.name(names.chunksAlias())).value()) {
            return null;
        }
        return IndexMeta.indexBehind(client, names.chunksAlias());
    }

    /** Stored, never searched: no field is mapped. */
    private void createIfMissing() throws IOException {
        if (client.indices().exists(e -> e.index(index())).value()) {
            return;
        }
        try {
            client.indices().create(c -> c.index(index())
                    .withJson(new StringReader(
                            "{\"settings\":{\"number_of_replicas\":0},\"mappings\":{\"enabled\":false}}")));
        } catch (ElasticsearchException e) {
            if (!"resource_already_exists_exception".equals(e.error().type())) {
                throw e;
            }
        }
    }
}

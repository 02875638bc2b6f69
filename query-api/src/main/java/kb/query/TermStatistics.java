package kb.query;

import co.elastic.clients.elasticsearch.ElasticsearchClient;
import co.elastic.clients.elasticsearch.core.TermvectorsResponse;
import co.elastic.clients.elasticsearch.core.termvectors.TermVector;
import java.io.IOException;
import java.util.HashMap;
import java.util.Map;
import kb.core.es.ChunkFields;

/**
 * The question's tokens as the chunk index analyses them, with how many chunks hold each: a term vector of
 * the question as an artificial document. Using the index's own analyzer means an identifier such as
 * {@code ssl3_read_bytes:tlsv1} is counted as the one token BM25 matches, not as our guess of its parts.
 */
final class TermStatistics {

    private final ElasticsearchClient client;
    private final String chunksAlias;

    TermStatistics(ElasticsearchClient client, String chunksAlias) {
        this.client = client;
        this.chunksAlias = chunksAlias;
    }

    CorpusStats read(String text, CorpusStats stats) throws IOException {
        TermvectorsResponse response = client.termvectors(t -> t.index(chunksAlias)
                .doc(Map.of(ChunkFields.ENRICHED_TEXT, text)).fields(ChunkFields.ENRICHED_TEXT)
                .termStatistics(true).fieldStatistics(true).positions(false).offsets(false).payloads(false));
        TermVector vector = response.termVectors().get(ChunkFields.ENRICHED_TEXT);
        if (vector == null) {
            return stats;
        }
        Map<String, Long> chunks = new HashMap<>();
        vector.terms().forEach((term, info) -> chunks.put(term, info.docFreq() == null ? 0L : info.docFreq()));
        long chunkCount = vector.fieldStatistics() == null ? 0 : vector.fieldStatistics().docCount();
        return stats.withTerms(chunkCount, chunks);
    }
}

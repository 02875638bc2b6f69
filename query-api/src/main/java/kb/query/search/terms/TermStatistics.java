package kb.query.search.terms;

import co.elastic.clients.elasticsearch.ElasticsearchClient;
import co.elastic.clients.elasticsearch.core.TermvectorsResponse;
import co.elastic.clients.elasticsearch.core.termvectors.TermVector;
import java.io.IOException;
import java.util.HashMap;
import java.util.Map;

/**
 * The question's terms (already through {@link kb.search.text.LexicalAnalyzer}) with how many chunks hold each: a
 * term vector of the question as an artificial document on the BM25 field, so each term is counted exactly as
 * BM25 matches it (an identifier such as {@code ssl3_read_bytes:tlsv1} as one term, a Chinese bigram as one).
 */
public final class TermStatistics {

    private final ElasticsearchClient client;
    private final String chunksAlias;

    public TermStatistics(ElasticsearchClient client, String chunksAlias) {
        this.client = client;
        this.chunksAlias = chunksAlias;
    }

    /** @param field the field BM25 searches, with {@code text} in the form BM25 gets it */
    public CorpusStats read(String field, String text, CorpusStats stats) throws IOException {
        TermvectorsResponse response = client.termvectors(t -> t.index(chunksAlias)
                .doc(Map.of(field, text))
                .fields(field)
                .termStatistics(true)
                .fieldStatistics(true)
                .positions(false)
                .offsets(false)
                .payloads(false));
        TermVector vector = response.termVectors().get(field);
        if (vector == null) {
            return stats;
        }
        Map<String, Long> chunks = new HashMap<>();
        vector.terms().forEach((term, info) -> chunks.put(term, info.docFreq() == null ? 0L : info.docFreq()));
        long chunkCount =
                vector.fieldStatistics() == null ? 0 : vector.fieldStatistics().docCount();
        return stats.withTerms(chunkCount, chunks);
    }
}

package kb.query.search.terms;

import co.elastic.clients.elasticsearch.ElasticsearchAsyncClient;
import co.elastic.clients.elasticsearch.ElasticsearchClient;
import co.elastic.clients.elasticsearch.core.TermvectorsResponse;
import co.elastic.clients.elasticsearch.core.termvectors.TermVector;
import java.io.IOException;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;

/**
 * The question's terms (already through {@link kb.search.text.LexicalAnalyzer}) with how many chunks hold each: a
 * term vector of the question as an artificial document on the BM25 field, so each term is counted exactly as
 * BM25 matches it (an identifier such as {@code ssl3_read_bytes:tlsv1} as one term, a Chinese bigram as one).
 * Elasticsearch has no term vectors inside {@code _msearch}, so the request is sent asynchronously, beside the
 * question's {@code _msearch}: it adds no round trip to the question's time.
 */
public final class TermStatistics {

    private final ElasticsearchAsyncClient client;
    private final String chunksAlias;

    public TermStatistics(ElasticsearchClient client, String chunksAlias) {
        this.client = new ElasticsearchAsyncClient(client._transport(), client._transportOptions());
        this.chunksAlias = chunksAlias;
    }

    /** The counts being read; {@link Pending#into} waits for them. */
    public record Pending(String field, CompletableFuture<TermvectorsResponse> response) {

        /** The stats with the question's terms and their chunk counts added. */
        public CorpusStats into(CorpusStats stats) throws IOException {
            TermvectorsResponse read;
            try {
                read = response.get();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IOException("interrupted while reading term statistics", e);
            } catch (ExecutionException e) {
                if (e.getCause() instanceof RuntimeException runtime) {
                    throw runtime; // as the synchronous client throws it (an unavailable Elasticsearch)
                }
                throw e.getCause() instanceof IOException io ? io : new IOException(e.getCause());
            }
            TermVector vector = read.termVectors().get(field);
            if (vector == null) {
                return stats;
            }
            Map<String, Long> chunks = new HashMap<>();
            vector.terms().forEach((term, info) -> chunks.put(term, info.docFreq() == null ? 0L : info.docFreq()));
            long chunkCount = vector.fieldStatistics() == null
                    ? 0
                    : vector.fieldStatistics().docCount();
            return stats.withTerms(chunkCount, chunks);
        }
    }

    /** Sends the request and returns at once. @param field the field BM25 searches, {@code text} in BM25's form */
    public Pending start(String field, String text) {
        return new Pending(field, client.termvectors(t -> t.index(chunksAlias)
                .doc(Map.of(field, text))
                .fields(field)
                .termStatistics(true)
                .fieldStatistics(true)
                .positions(false)
                .offsets(false)
                .payloads(false)));
    }

    /** @param field the field BM25 searches, with {@code text} in the form BM25 gets it */
    public CorpusStats read(String field, String text, CorpusStats stats) throws IOException {
        return start(field, text).into(stats);
    }
}

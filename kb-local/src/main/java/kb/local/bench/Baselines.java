package kb.local.bench;

import co.elastic.clients.elasticsearch.ElasticsearchClient;
import co.elastic.clients.elasticsearch.core.BulkRequest;
import co.elastic.clients.elasticsearch.core.bulk.BulkOperation;
import java.io.StringReader;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import kb.chunker.DocumentAssembler;
import kb.core.Chunk;
import kb.core.FileEvent;
import kb.core.Ids;
import kb.core.embed.Embedder;
import kb.local.eval.BeirDataset;
import kb.query.ChunkRetriever;
import kb.query.QueryTerms;

/** What the pipeline's figures are compared with, measured in the same run. */
final class Baselines {

    private Baselines() {
    }

    /** The two Elasticsearch queries of a hybrid search alone: vectors computed beforehand, no fusion. */
    static QueryBaseline elasticsearchOnly(ElasticsearchClient client, String chunksAlias, Embedder embedder) {
        ChunkRetriever retriever = new ChunkRetriever(client, chunksAlias, 100);
        return queries -> {
            Map<String, float[]> vectors = new HashMap<>();
            for (String q : queries) {
                vectors.put(q, embedder.embedQuery(q));
            }
            List<Double> samples = new ArrayList<>();
            for (String q : queries) {
                long t = System.nanoTime();
                retriever.retrieve(QueryTerms.lexicalQuery(q), vectors.get(q), null, 30, 30);
                samples.add((System.nanoTime() - t) / 1e6);
            }
            return samples;
        };
    }

    /** The query embedding alone, the other fixed cost of a hybrid search. */
    static QueryBaseline embeddingOnly(Embedder embedder) {
        return queries -> timeEach(queries, embedder::embedQuery);
    }

    /** Milliseconds of each call, in order. */
    static List<Double> timeEach(List<String> inputs, java.util.function.Function<String, ?> call) {
        List<Double> samples = new ArrayList<>();
        for (String input : inputs) {
            long start = System.nanoTime();
            call.apply(input);
            samples.add((System.nanoTime() - start) / 1e6);
        }
        return samples;
    }

    /**
     * The ingest bound: chunk the same documents, embed them in batches and bulk-write them straight into
     * a scratch index, with no Kafka in between. Returns chunks per second.
     */
    static double embedAndBulk(ElasticsearchClient client, Embedder embedder, List<BeirDataset.Document> documents)
            throws Exception {
        DocumentAssembler assembler = new DocumentAssembler(1200);
        List<Chunk> chunks = new ArrayList<>();
        for (BeirDataset.Document doc : documents) {
            String content = "---\ntitle: " + kb.core.Json.MAPPER.writeValueAsString(doc.title()) + "\n---\n" + doc.text() + "\n";
            String path = "corpus/" + doc.id() + ".md";
            chunks.addAll(assembler.assemble(new FileEvent(1, FileEvent.Op.UPSERT, path, "corpus", "md",
                    content.length(), Ids.sha256Hex(content), 0, 0, content)).chunks());
        }
        String index = "bench-bound-" + System.nanoTime();
        client.indices().create(c -> c.index(index).withJson(new StringReader("""
                {"settings": {"number_of_shards": 1, "number_of_replicas": 0, "refresh_interval": "1s"},
                 "mappings": {"properties": {"enriched_text": {"type": "text"},
                   "embedding": {"type": "dense_vector", "dims": %d, "index": true, "similarity": "cosine"}}}}"""
                .formatted(embedder.dimensions()))));
        long start = System.nanoTime();
        for (int from = 0; from < chunks.size(); from += 256) {
            List<Chunk> batch = chunks.subList(from, Math.min(chunks.size(), from + 256));
            List<float[]> vectors = embedder.embedPassages(batch.stream().map(Chunk::enrichedText).toList());
            List<BulkOperation> ops = new ArrayList<>();
            for (int i = 0; i < batch.size(); i++) {
                Map<String, Object> doc = Map.of("enriched_text", batch.get(i).enrichedText(), "embedding", vectors.get(i));
                String id = batch.get(i).chunkId();
                ops.add(BulkOperation.of(o -> o.index(x -> x.index(index).id(id).document(doc))));
            }
            client.bulk(BulkRequest.of(b -> b.operations(ops)));
        }
        double seconds = (System.nanoTime() - start) / 1e9;
        client.indices().delete(d -> d.index(index));
        return chunks.size() / seconds;
    }

    /** Measures a list of queries. */
    interface QueryBaseline {
        List<Double> measure(List<String> queries) throws Exception;
    }
}

package kb.tools.bench;

import co.elastic.clients.elasticsearch.ElasticsearchClient;
import com.sun.management.OperatingSystemMXBean;
import java.lang.management.ManagementFactory;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import kb.chunker.DocumentAssembler;
import kb.core.Chunk;
import kb.core.FileEvent;
import kb.core.Ids;
import kb.core.Json;
import kb.query.config.VectorSearch;
import kb.query.search.ChunkRetriever;
import kb.query.search.Scope;
import kb.query.search.terms.QueryTerms;
import kb.search.embed.Embedder;
import kb.search.es.ChunkFields;
import kb.search.es.IndexNames;
import kb.tools.eval.BeirDataset;

/** What the pipeline's figures are compared with, measured in the same run. */
final class Baselines {

    private Baselines() {}

    /** The two Elasticsearch queries of a hybrid search alone: vectors computed beforehand, no fusion. */
    static QueryBaseline elasticsearchOnly(ElasticsearchClient client, IndexNames names, Embedder embedder) {
        ChunkRetriever retriever = new ChunkRetriever(client, names, VectorSearch.DEFAULT);
        return queries -> {
            Map<String, float[]> vectors = new HashMap<>();
            for (String q : queries) {
                vectors.put(q, embedder.embedQuery(q));
            }
            List<Double> samples = new ArrayList<>();
            for (String q : queries) {
                long t = System.nanoTime();
                retriever.retrieve(
                        QueryTerms.lexicalQuery(q),
                        List.of(new ChunkRetriever.QueryVector(ChunkFields.EMBEDDING, vectors.get(q))),
                        Scope.ALL,
                        30,
                        30);
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
    static List<Double> timeEach(List<String> inputs, Function<String, ?> call) {
        List<Double> samples = new ArrayList<>();
        for (String input : inputs) {
            long start = System.nanoTime();
            call.apply(input);
            samples.add((System.nanoTime() - start) / 1e6);
        }
        return samples;
    }

    /** The chunks the pipeline makes of these documents (the chunker's own assembler). */
    static List<Chunk> chunksOf(List<BeirDataset.Document> documents) throws Exception {
        DocumentAssembler assembler = new DocumentAssembler(1200);
        List<Chunk> chunks = new ArrayList<>();
        for (BeirDataset.Document doc : documents) {
            String content =
                    "---\ntitle: " + Json.MAPPER.writeValueAsString(doc.title()) + "\n---\n" + doc.text() + "\n";
            String path = "corpus/" + doc.id() + ".md";
            chunks.addAll(assembler
                    .assemble(new FileEvent(
                            FileEvent.SCHEMA_VERSION,
                            FileEvent.Op.UPSERT,
                            "bench",
                            path,
                            "corpus",
                            "md",
                            content.length(),
                            Ids.sha256Hex(content),
                            0,
                            0,
                            content,
                            null))
                    .chunks());
        }
        return chunks;
    }

    /**
     * @param chunksPerSecond texts embedded per second of wall time
     * @param cpuMsPerChunk   the process's CPU time per text (all threads: the model runs on several)
     */
    record EmbedderFigures(int chunks, double chunksPerSecond, double cpuMsPerChunk) {}

    /**
     * The embedder alone on the same texts, in the sink's slices and through the same call (one text per
     * call inside): what the pipeline's throughput is measured against. Run while the pipeline is idle, so
     * the process's CPU time is the embedder's.
     */
    static EmbedderFigures embedderAlone(Embedder embedder, List<Chunk> chunks, int slice) {
        var os = (OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();
        long cpu = os.getProcessCpuTime();
        long start = System.nanoTime();
        for (int from = 0; from < chunks.size(); from += slice) {
            embedder.embedPassages(chunks.subList(from, Math.min(chunks.size(), from + slice)).stream()
                    .map(Chunk::enrichedText)
                    .toList());
        }
        double seconds = (System.nanoTime() - start) / 1e9;
        double cpuMs = (os.getProcessCpuTime() - cpu) / 1e6;
        return new EmbedderFigures(chunks.size(), chunks.size() / seconds, cpuMs / chunks.size());
    }

    /** Measures a list of queries. */
    interface QueryBaseline {
        List<Double> measure(List<String> queries) throws Exception;
    }
}

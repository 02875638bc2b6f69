package kb.sink.upkeep;

import co.elastic.clients.elasticsearch.ElasticsearchClient;
import co.elastic.clients.elasticsearch._types.DocStats;
import java.io.IOException;
import kb.search.es.ChunkQueries;
import kb.search.es.VectorIndexBySize;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Keeps the chunk index as the corpus alone would make it: the deleted versions of chunks merged away once every
 * chunk has its vector, and a flat vector index given its graph once it has grown ({@link VectorIndexBySize}). Every
 * chunk is written twice (its text, then its vector) and BM25 counts the first version until a merge drops it, so
 * without this two indexes of one folder score the same question differently, by how their merges fell.
 */
final class ChunkIndexUpkeep implements UpkeepRunner.Upkeep {

    private static final Logger LOG = LoggerFactory.getLogger(ChunkIndexUpkeep.class);

    private final ElasticsearchClient client;
    private final String chunksAlias;
    private final VectorIndexBySize bySize;
    /** Set when Elasticsearch refused the graph: not asked again by this process. */
    private volatile boolean bySizeRefused;

    ChunkIndexUpkeep(ElasticsearchClient client, String chunksAlias) {
        this.client = client;
        this.chunksAlias = chunksAlias;
        this.bySize = new VectorIndexBySize(client, chunksAlias);
    }

    /**
     * Merges away the deleted versions of chunks once none awaits its vector, and makes the result visible. The
     * index is refreshed first: the vector pass's last vectors are confirmed, not yet searchable, when it drains.
     *
     * @return whether there was anything to merge away, or deleted versions wait behind a running merge
     */
    @Override
    public UpkeepRunner.Outcome tidy() throws IOException {
        client.indices().refresh(r -> r.index(chunksAlias));
        if (awaitingVectors() > 0) {
            return UpkeepRunner.Outcome.TIDY; // the vector pass's drain asks again
        }
        if (growVectorIndex()) {
            return UpkeepRunner.Outcome.MERGED;
        }
        var primaries = client.indices()
                .stats(s -> s.index(chunksAlias).metric("docs", "merge"))
                .all()
                .primaries();
        long deleted = deleted(primaries.docs());
        if (deleted == 0) {
            return UpkeepRunner.Outcome.TIDY;
        }
        if (primaries.merges() != null && primaries.merges().current() > 0) {
            // A running merge (the graph's, after a switch by size, or Elasticsearch's own) may drop them; never
            // queue behind it, but look again once it may have ended.
            return UpkeepRunner.Outcome.BUSY;
        }
        client.indices().forcemerge(f -> f.index(chunksAlias).onlyExpungeDeletes(true));
        client.indices().refresh(r -> r.index(chunksAlias));
        long left = deletedNow();
        if (left < deleted) {
            LOG.info("merged away the deleted versions of chunks: {} before, {} left", deleted, left);
        } else {
            LOG.debug("Elasticsearch still retains {} deleted versions of chunks", left);
        }
        if (left == 0) {
            return UpkeepRunner.Outcome.MERGED;
        }
        // Fewer left: versions written during the merge, merged away by a second look. As many: retained.
        return left < deleted ? UpkeepRunner.Outcome.BUSY : UpkeepRunner.Outcome.RETAINED;
    }

    private long deletedNow() throws IOException {
        return deleted(client.indices()
                .stats(s -> s.index(chunksAlias).metric("docs"))
                .all()
                .primaries()
                .docs());
    }

    private static long deleted(DocStats docs) {
        return docs == null || docs.deleted() == null ? 0 : docs.deleted();
    }

    /**
     * Gives a flat index grown past {@link VectorIndexBySize#HNSW_FROM_CHUNKS} its graph; a refusal (an Elasticsearch
     * that cannot change the type in place) is logged once and the index stays flat: the upkeep must go on.
     */
    private boolean growVectorIndex() {
        if (bySizeRefused) {
            return false;
        }
        try {
            if (bySize.applyIfGrown(true)) {
                // Its force merge (not waited for) drops the deleted versions too, and builds the graph.
                LOG.info(
                        "the chunk index holds {}+ chunks: its vectors get an int8_hnsw graph (merging in the"
                                + " background)",
                        VectorIndexBySize.HNSW_FROM_CHUNKS);
                return true;
            }
        } catch (IOException | RuntimeException e) {
            if (interrupted(e)) {
                Thread.currentThread().interrupt(); // a stop, not a refusal: the next start looks again
                return false;
            }
            bySizeRefused = true;
            LOG.warn("the vector index stays flat, its graph was refused: {}", e.toString());
        }
        return false;
    }

    /** Whether the request was cut by an interrupt (the sink stopping): Elasticsearch's client wraps it. */
    private static boolean interrupted(Throwable failure) {
        for (Throwable cause = failure; cause != null; cause = cause.getCause()) {
            if (cause instanceof InterruptedException) {
                return true;
            }
        }
        return Thread.currentThread().isInterrupted();
    }

    private long awaitingVectors() throws IOException {
        return client.count(c -> c.index(chunksAlias).query(ChunkQueries.awaitingVector()))
                .count();
    }
}

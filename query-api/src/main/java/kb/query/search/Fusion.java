package kb.query.search;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;
import java.util.function.Supplier;
import java.util.stream.Stream;
import kb.query.config.EvidenceWeights;
import kb.query.config.FusionMethod;
import kb.query.config.QueryConfig;
import kb.query.search.corpus.ConvexFusion;
import kb.query.search.terms.Question;
import kb.query.search.terms.RareTerms;
import kb.search.embed.Embeddings;
import kb.search.es.ChunkDoc;

/**
 * How a question's scored hits become the scores of its chunks and documents: one implementation per
 * {@link FusionMethod}, chosen once per question by its {@link RankingPlan}. A document scores its best chunk's
 * score, but for the evidence fusion, which weighs a document's best evidence of each kind.
 */
public interface Fusion {

    /**
     * @param specific     the chunks of documents L0 matched by a specific keyword
     * @param generic      the chunks of documents L0 matched by generic keywords only
     * @param vectorFields the vector field a chunk is embedded in (its model's space)
     */
    record Input(
            Question question,
            ArmHits hits,
            List<ChunkDoc> specific,
            List<ChunkDoc> generic,
            Function<ChunkDoc, String> vectorFields) {

        /** Every chunk to score: L0's chunks and every arm's hits. */
        Stream<ChunkDoc> candidates() {
            return Stream.of(specific, generic, hits.bm25(), hits.vector(), hits.crossVector())
                    .flatMap(List::stream);
        }

        /** The same hits without L0: what L1 alone makes of the question. */
        Input withoutKeywords() {
            return new Input(question, hits, List.of(), List.of(), vectorFields);
        }
    }

    EvidenceFusion.Scores fuse(Input input, RankingPlan plan);

    /**
     * The vector field a chunk is embedded in: the sink's choice, which the chunk's cache key names (its model). Read
     * once per chunk of a question (the fusion asks for a chunk's field again when it scores it); from the script of
     * its text only for a chunk without a key of these models.
     */
    static Function<ChunkDoc, String> vectorFields(Embeddings embeddings) {
        if (embeddings.single()) {
            String field = embeddings.spaces().get(0).field();
            return c -> field;
        }
        Map<String, String> byChunk = new HashMap<>();
        return c -> byChunk.computeIfAbsent(c.chunkId(), id -> {
            String field = embeddings.fieldOfKey(c.embeddingKey());
            if (field != null) {
                return field;
            }
            String text = c.enrichedText() != null ? c.enrichedText() : c.text();
            return embeddings.forPassage(text == null ? "" : text).field();
        });
    }

    /** The three fusions, by method; the evidence fusion's weights are read per question (they follow the corpus). */
    static Map<FusionMethod, Fusion> all(QueryConfig.Ranking ranking, Supplier<EvidenceWeights> evidence) {
        return all(ranking, evidence, candidates -> Map.of());
    }

    /**
     * @param includers for the include fragments among a question's candidates, the documents that include each
     *                  (empty when they cannot be read: the fragments then rank as they are)
     */
    static Map<FusionMethod, Fusion> all(
            QueryConfig.Ranking ranking,
            Supplier<EvidenceWeights> evidence,
            Function<List<ChunkDoc>, Map<String, Set<String>>> includers) {
        return Map.of(
                FusionMethod.EVIDENCE, new Evidence(evidence, includers),
                FusionMethod.RRF, new Rrf(ranking),
                FusionMethod.CONVEX, new Convex(ranking));
    }

    /** Weighed evidence (see {@link EvidenceFusion}); include fragments count for their includers. */
    record Evidence(Supplier<EvidenceWeights> weights, Function<List<ChunkDoc>, Map<String, Set<String>>> includers)
            implements Fusion {

        @Override
        public EvidenceFusion.Scores fuse(Input input, RankingPlan plan) {
            Set<String> specificDocs = new HashSet<>();
            input.specific().forEach(c -> specificDocs.add(c.docId()));
            Set<String> keywordDocs = new HashSet<>(specificDocs);
            input.generic().forEach(c -> keywordDocs.add(c.docId()));
            List<ChunkDoc> candidates = input.candidates().toList();
            return EvidenceFusion.fuse(
                    input.question(),
                    input.hits(),
                    new EvidenceFusion.KeywordDocuments(keywordDocs, specificDocs),
                    candidates,
                    weights.get(),
                    input.vectorFields(),
                    includers.apply(candidates));
        }
    }

    /**
     * Weighted reciprocal rank fusion: the BM25 arm's weight rises when the question holds a rare term, and L0
     * votes with full weight for documents matched by a specific keyword and with a small one for generic
     * keywords only.
     */
    record Rrf(QueryConfig.Ranking ranking) implements Fusion {

        @Override
        public EvidenceFusion.Scores fuse(Input input, RankingPlan plan) {
            List<RrfFusion.Arm> arms = new ArrayList<>(keywordArms(ranking, input, plan));
            arms.add(new RrfFusion.Arm(
                    ids(input.hits().bm25()),
                    RareTerms.bm25Weight(input.hits().corpus(), plan.bm25Weight(), plan.rareBm25Weight())));
            arms.add(new RrfFusion.Arm(ids(input.hits().vector()), ranking.vectorWeight()));
            return byBestChunk(RrfFusion.fuse(arms, plan.rrfK()), input);
        }
    }

    /** A convex combination of BM25's and the vectors' normalised scores; L0 and the cross arm join it by rank. */
    record Convex(QueryConfig.Ranking ranking) implements Fusion {

        @Override
        public EvidenceFusion.Scores fuse(Input input, RankingPlan plan) {
            ArmHits hits = input.hits();
            Map<String, Double> fused = new HashMap<>(ConvexFusion.fuse(
                    ids(hits.bm25()), hits.bm25Scores(), ids(hits.vector()), hits.vectorScores(), plan.convexAlpha()));
            RrfFusion.fuse(keywordArms(ranking, input, plan), plan.rrfK())
                    .forEach((id, score) -> fused.merge(id, score, Double::sum));
            return byBestChunk(fused, input);
        }
    }

    /** The arms fused by rank in both RRF and convex fusion: L0's specific and generic chunks, the cross arm. */
    private static List<RrfFusion.Arm> keywordArms(QueryConfig.Ranking ranking, Input input, RankingPlan plan) {
        return List.of(
                new RrfFusion.Arm(ids(input.specific()), ranking.l0Weight()),
                new RrfFusion.Arm(ids(input.generic()), ranking.genericL0Weight()),
                new RrfFusion.Arm(ids(input.hits().crossVector()), plan.crossVectorWeight()));
    }

    /** A document scores its best chunk's score. */
    private static EvidenceFusion.Scores byBestChunk(Map<String, Double> chunks, Input input) {
        Map<String, Double> documents = new HashMap<>();
        input.candidates().forEach(c -> documents.merge(c.docId(), chunks.getOrDefault(c.chunkId(), 0.0), Math::max));
        return new EvidenceFusion.Scores(chunks, documents);
    }

    private static List<String> ids(List<ChunkDoc> hits) {
        return hits.stream().map(ChunkDoc::chunkId).toList();
    }
}

package kb.query.search;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import kb.query.search.terms.RareTerms;
import kb.search.es.ChunkDoc;

/**
 * Chooses the fusion's weights for one script from pseudo-questions with known answers: every candidate of a
 * small grid ranks each question's retrieved chunks again (no new search), and the candidate with the best
 * mean reciprocal rank of the answering document (top 10) wins; a tie keeps the candidate nearest the
 * configured one, so a corpus that cannot tell keeps the defaults. Pure: the same hits give the same choice.
 */
public final class FusionFit {

    static final double[] BM25_WEIGHTS = {0.1, 0.2, 0.3, 0.5, 0.7, 1.0, 1.5, 2.0, 3.0};
    static final int[] RRF_KS = {10, 30, 60};
    static final double[] CROSS_WEIGHTS = {0, 0.3, 1.0};
    /** Reciprocal ranks are read in the top this many documents. */
    public static final int DEPTH = 10;

    private FusionFit() {}

    /**
     * One pseudo-question's retrieved chunks and the document that answers it.
     *
     * @param weight its share of the mean: each kind of pseudo-question counts as much as another, however many
     *               documents fell back to it
     */
    public record Sample(String docId, ArmHits hits, double weight) {

        public Sample(String docId, ArmHits hits) {
            this(docId, hits, 1);
        }
    }

    /**
     * What was chosen and how the arms did, as shown in the status.
     *
     * @param questions  pseudo-questions scored
     * @param bm25Mrr    MRR@10 of the BM25 arm alone
     * @param vectorMrr  MRR@10 of the vector arm alone
     * @param configuredMrr MRR@10 of the configured weights
     * @param fittedMrr  MRR@10 of the chosen weights
     */
    public record Result(
            FusionWeights weights,
            int questions,
            double bm25Mrr,
            double vectorMrr,
            double configuredMrr,
            double fittedMrr) {}

    public static Result fit(List<Sample> samples, FusionWeights configured, double vectorWeight) {
        FusionWeights best = configured;
        double bestMrr = mrr(samples, configured, vectorWeight);
        double configuredMrr = bestMrr;
        for (double bm25 : BM25_WEIGHTS) {
            for (double rare : BM25_WEIGHTS) {
                if (rare < bm25) {
                    continue;
                }
                for (int k : RRF_KS) {
                    for (double cross : CROSS_WEIGHTS) {
                        FusionWeights candidate = new FusionWeights(bm25, rare, k, cross);
                        double mrr = mrr(samples, candidate, vectorWeight);
                        if (mrr > bestMrr + 1e-9
                                || (Math.abs(mrr - bestMrr) <= 1e-9
                                        && distance(candidate, configured) < distance(best, configured))) {
                            best = candidate;
                            bestMrr = mrr;
                        }
                    }
                }
            }
        }
        return new Result(
                best,
                samples.size(),
                round(armMrr(samples, true)),
                round(armMrr(samples, false)),
                round(configuredMrr),
                round(bestMrr));
    }

    /** How far two weightings are apart (log scale for the weights: 0.1 to 0.2 is as far as 1 to 2). */
    private static double distance(FusionWeights a, FusionWeights b) {
        return Math.abs(Math.log(a.bm25() / b.bm25()))
                + Math.abs(Math.log(a.rareBm25() / b.rareBm25()))
                + Math.abs(Math.log((double) a.rrfK() / b.rrfK()))
                + Math.abs(a.crossVector() - b.crossVector());
    }

    static double mrr(List<Sample> samples, FusionWeights weights, double vectorWeight) {
        double sum = 0;
        for (Sample sample : samples) {
            ArmHits hits = sample.hits();
            double bm25 = RareTerms.bm25Weight(hits.corpus(), weights.bm25(), weights.rareBm25());
            Map<String, Double> fused = RrfFusion.fuse(
                    List.of(
                            new RrfFusion.Arm(ids(hits.bm25()), bm25),
                            new RrfFusion.Arm(ids(hits.vector()), vectorWeight),
                            new RrfFusion.Arm(ids(hits.crossVector()), weights.crossVector())),
                    weights.rrfK());
            sum += sample.weight() * reciprocalRank(documents(fused, hits), sample.docId());
        }
        return samples.isEmpty() ? 0 : sum / totalWeight(samples);
    }

    private static double armMrr(List<Sample> samples, boolean bm25) {
        double sum = 0;
        for (Sample sample : samples) {
            List<ChunkDoc> arm = bm25 ? sample.hits().bm25() : sample.hits().vector();
            sum += sample.weight()
                    * reciprocalRank(
                            arm.stream().map(ChunkDoc::docId).distinct().toList(), sample.docId());
        }
        return samples.isEmpty() ? 0 : sum / totalWeight(samples);
    }

    private static double totalWeight(List<Sample> samples) {
        return samples.stream().mapToDouble(Sample::weight).sum();
    }

    /** Documents by their best chunk's fused score, as the served ranking orders them. */
    private static List<String> documents(Map<String, Double> fused, ArmHits hits) {
        Map<String, ChunkDoc> chunks = new HashMap<>();
        for (List<ChunkDoc> arm : List.of(hits.bm25(), hits.vector(), hits.crossVector())) {
            arm.forEach(c -> chunks.putIfAbsent(c.chunkId(), c));
        }
        List<ChunkDoc> ordered = new ArrayList<>(chunks.values());
        ordered.sort(Comparator.comparingDouble((ChunkDoc c) -> fused.getOrDefault(c.chunkId(), 0.0))
                .reversed()
                .thenComparing(ChunkDoc::chunkId));
        Set<String> documents = new LinkedHashSet<>();
        ordered.forEach(c -> documents.add(c.docId()));
        return List.copyOf(documents);
    }

    private static double reciprocalRank(List<String> documents, String docId) {
        int rank = documents.indexOf(docId);
        return rank < 0 || rank >= DEPTH ? 0 : 1.0 / (rank + 1);
    }

    private static List<String> ids(List<ChunkDoc> chunks) {
        return chunks.stream().map(ChunkDoc::chunkId).toList();
    }

    private static double round(double value) {
        return Math.round(value * 1000) / 1000.0;
    }
}

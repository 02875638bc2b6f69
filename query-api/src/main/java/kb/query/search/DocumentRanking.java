package kb.query.search;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import kb.query.l0.L0Hit;
import kb.query.search.terms.KeywordSpecificity;
import kb.search.es.ChunkDoc;

/** Fused chunk scores made into documents ranked by their score, each with its best chunks: a pure function. */
final class DocumentRanking {

    private static final int CHUNKS_PER_DOCUMENT = 3;

    private DocumentRanking() {}

    /**
     * The documents worth reading ({@link WorthReading}), best first, at most {@code k}; a specific keyword's
     * documents without chunks after them.
     */
    static List<SearchResponse.DocumentResult> rank(
            Fusion.Input input, EvidenceFusion.Scores fused, KeywordSpecificity.L0Evidence evidence, int k) {
        return rank(input, fused, evidence, k, true);
    }

    /**
     * @param served whether the list is a served answer, shown to people and agents; an arm asked alone (a
     *               diagnosis) lists all it found
     */
    static List<SearchResponse.DocumentResult> rank(
            Fusion.Input input,
            EvidenceFusion.Scores fused,
            KeywordSpecificity.L0Evidence evidence,
            int k,
            boolean served) {
        ArmHits hits = input.hits();
        RankReasons reasons = new RankReasons(hits, evidence);
        Map<String, ChunkDoc> chunks = new HashMap<>();
        Map<String, Set<String>> arms = new HashMap<>();
        collect(input.specific(), "L0", chunks, arms);
        collect(input.generic(), "L0", chunks, arms);
        collect(hits.bm25(), "bm25", chunks, arms);
        collect(hits.vector(), "vector", chunks, arms);
        collect(hits.crossVector(), "vector", chunks, arms);
        Map<String, List<ChunkDoc>> byDocument = new HashMap<>();
        chunks.values().stream()
                .sorted(Comparator.comparingDouble(
                                (ChunkDoc c) -> fused.chunks().get(c.chunkId()))
                        .reversed()
                        .thenComparing(ChunkDoc::chunkId))
                .forEach(c -> byDocument
                        .computeIfAbsent(c.docId(), d -> new ArrayList<>())
                        .add(c));
        List<List<ChunkDoc>> ranked = byDocument.values().stream()
                .sorted(Comparator.comparingDouble((List<ChunkDoc> list) ->
                                fused.documents().get(list.get(0).docId()))
                        .reversed()
                        .thenComparing(list -> list.get(0).chunkId()))
                .toList();
        List<SearchResponse.DocumentResult> results =
                new ArrayList<>((served ? worthReading(ranked, input, fused) : ranked)
                        .stream()
                                .limit(k)
                                .map(list -> toResult(list, fused, arms, reasons))
                                .toList());
        addL0OnlyDocuments(results, evidence.specific(), byDocument.keySet(), k);
        return results;
    }

    /**
     * The ranked documents {@link WorthReading} admits, and the pages that include an admitted fragment (they show
     * its text, so its evidence is theirs); the first of them all when it admits none (the gate found an answer: an
     * empty list would say otherwise).
     */
    private static List<List<ChunkDoc>> worthReading(
            List<List<ChunkDoc>> ranked, Fusion.Input input, EvidenceFusion.Scores fused) {
        WorthReading worth = WorthReading.of(input);
        Set<String> admitted = new HashSet<>();
        ranked.stream()
                .filter(list -> worth.admits(list.get(0)))
                .forEach(list -> admitted.add(list.get(0).docId()));
        List<List<ChunkDoc>> kept = ranked.stream()
                .filter(list -> admitted.contains(list.get(0).docId())
                        || admitted.contains(fused.included().get(list.get(0).docId())))
                .toList();
        return kept.isEmpty() && !ranked.isEmpty() ? ranked.subList(0, 1) : kept;
    }

    /** The document that ranks first, or null; among equal scores the smallest id. */
    static String leader(EvidenceFusion.Scores fused) {
        return fused.documents().entrySet().stream()
                .max(Map.Entry.<String, Double>comparingByValue()
                        .thenComparing(Map.Entry.comparingByKey(Comparator.reverseOrder())))
                .map(Map.Entry::getKey)
                .orElse(null);
    }

    /** Titles of the nearest documents by meaning, even below the threshold: what the user could ask. */
    static List<String> suggestions(ArmHits hits) {
        Set<String> titles = new LinkedHashSet<>();
        for (ChunkDoc chunk : hits.vector()) {
            titles.add(chunk.title());
            if (titles.size() == 3) {
                break;
            }
        }
        return List.copyOf(titles);
    }

    /** A document matched by a specific keyword but without chunks in the index yet (or with Elasticsearch down). */
    private static void addL0OnlyDocuments(
            List<SearchResponse.DocumentResult> results, List<L0Hit> l0, Set<String> present, int k) {
        for (L0Hit hit : l0) {
            if (!present.contains(hit.docId()) && results.size() < k) {
                results.add(new SearchResponse.DocumentResult(
                        hit.docId(),
                        hit.collection(),
                        hit.path(),
                        hit.title(),
                        0,
                        List.of("L0"),
                        List.of(),
                        List.of("specific keyword: " + String.join(", ", hit.matchedKeywords())),
                        List.of(),
                        List.of()));
            }
        }
    }

    private static SearchResponse.DocumentResult toResult(
            List<ChunkDoc> chunks, EvidenceFusion.Scores fused, Map<String, Set<String>> arms, RankReasons reasons) {
        ChunkDoc best = chunks.get(0);
        Set<String> matchedBy = new LinkedHashSet<>();
        chunks.forEach(c -> matchedBy.addAll(arms.get(c.chunkId())));
        List<SearchResponse.ChunkResult> shown = chunks.stream()
                .limit(CHUNKS_PER_DOCUMENT)
                .map(c -> new SearchResponse.ChunkResult(
                        c.text(), c.sectionHeader(), fused.chunks().get(c.chunkId()), c.location()))
                .toList();
        return new SearchResponse.DocumentResult(
                best.docId(),
                best.collection(),
                best.path(),
                best.title(),
                fused.documents().get(best.docId()),
                List.copyOf(matchedBy),
                shown,
                reasons.of(best.docId()),
                best.tags(),
                List.of());
    }

    private static void collect(
            List<ChunkDoc> hits, String arm, Map<String, ChunkDoc> chunks, Map<String, Set<String>> arms) {
        for (ChunkDoc hit : hits) {
            chunks.putIfAbsent(hit.chunkId(), hit);
            arms.computeIfAbsent(hit.chunkId(), id -> new LinkedHashSet<>()).add(arm);
        }
    }
}

package kb.query.calibration;

import java.io.IOException;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import kb.core.runtime.Threads;
import kb.query.config.FusionMethod;
import kb.query.search.FittedFusion;
import kb.query.search.FusionFit;
import kb.query.search.FusionWeights;
import kb.query.search.Retrieval;
import kb.query.search.Scope;
import kb.query.search.SearchOptions;
import kb.query.search.SearchRequest;
import kb.query.search.SearchService;
import kb.query.search.terms.PseudoQuestions;
import kb.query.search.terms.Question;
import kb.query.search.terms.Script;
import kb.search.es.ChunkDoc;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Fits the fusion to the indexed corpus, as {@link GateCalibrator} fits the gate: pseudo-questions made from
 * the corpus ({@link PseudoQuestions}) are searched once, and {@link FusionFit} picks each script's weights from
 * what the arms returned. It fits again whenever the number of chunks with a vector has changed and the index
 * is complete (no chunk awaits its vector) or has not changed for {@link #STALLED_LOOKS} looks, so that the weights in
 * force after a folder is indexed come from the whole folder, whatever the timing of the ingest.
 */
public final class FusionFitter implements AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(FusionFitter.class);
    /** Below this many pseudo-questions in a script, that script keeps its configured weights. */
    static final int MIN_QUESTIONS = 20;
    /** Retrieved chunks per arm for a pseudo-question (the served windows). */
    private static final SearchOptions FIT =
            SearchOptions.SERVED.withGate(false).withFusion(FusionMethod.RRF);

    /** The corpus as the fitter reads it. */
    public interface Corpus {
        long embeddedChunks() throws IOException;

        long awaitingVectors() throws IOException;

        /** Chunks to make pseudo-questions from (text, title, section, keywords; no vectors). */
        List<ChunkDoc> chunks() throws IOException;

        /**
         * Whether the index holds no deleted chunk versions for BM25 to count (the sink merges them away once every
         * chunk has its vector): fitted before then, two indexes of one folder would fit apart.
         */
        default boolean isTidy() throws IOException {
            return true;
        }
    }

    private final Corpus corpus;
    private final Map<Script, FusionWeights> configured;
    private final double vectorWeight;
    private final int maxQuestions;
    private final Runnable beforeFit;
    private final Clock clock;
    private final ScheduledExecutorService scheduler;
    private volatile FittedFusion current;
    private volatile long fittedOn = -1;
    private long lastSeen = -1;
    private int unchangedLooks;
    /** Looks without a new vector after which an incomplete index is fitted anyway. */
    static final int STALLED_LOOKS = 10;

    private SearchService search;

    /**
     * @param maxQuestions pseudo-questions per fit; 0 turns fitting off (the configured weights stay)
     * @param beforeFit    run on the fitting thread before each fit (the gate calibrates on the same corpus)
     */
    public FusionFitter(
            Corpus corpus,
            Map<Script, FusionWeights> configured,
            double vectorWeight,
            int maxQuestions,
            Runnable beforeFit,
            Clock clock) {
        this.corpus = corpus;
        this.configured = Map.copyOf(configured);
        this.vectorWeight = vectorWeight;
        this.maxQuestions = maxQuestions;
        this.beforeFit = beforeFit;
        this.clock = clock;
        this.current = FittedFusion.configured(configured);
        this.scheduler = maxQuestions <= 0
                ? null
                : Executors.newSingleThreadScheduledExecutor(Threads.daemonFactory("kb-fusion-fitter"));
    }

    /** Starts looking at the corpus every period, fitting with this search service's arms. */
    public void start(SearchService search, Duration period) {
        this.search = search;
        if (scheduler != null) {
            scheduler.scheduleWithFixedDelay(this::refresh, 0, period.toMillis(), TimeUnit.MILLISECONDS);
        }
    }

    public FittedFusion current() {
        return current;
    }

    /** True when what is in force was fitted on the corpus as it is now (always, with fitting off). */
    public boolean settled() {
        if (scheduler == null) {
            return true;
        }
        try {
            return fittedOn == corpus.embeddedChunks();
        } catch (IOException | RuntimeException e) {
            return false;
        }
    }

    void refresh() {
        try {
            long chunks = corpus.embeddedChunks();
            unchangedLooks = chunks == lastSeen ? unchangedLooks + 1 : 0;
            lastSeen = chunks;
            // Vectors still arriving: wait for the last one and the sink's upkeep after it, unless they have stopped
            // coming (a stalled sink, an upkeep refused near the disk watermark).
            boolean stable = unchangedLooks >= STALLED_LOOKS || corpus.awaitingVectors() == 0 && corpus.isTidy();
            if (chunks > 0 && chunks != fittedOn && stable) {
                beforeFit.run();
                current = fit(chunks);
                fittedOn = chunks;
                LOG.info("fitted on {} chunks: {} ({})", chunks, current.weights(), current.fits());
            }
        } catch (IOException | RuntimeException e) {
            LOG.warn("fit skipped: {}", e.toString());
        }
    }

    FittedFusion fit(long chunks) throws IOException {
        List<PseudoQuestions.Question> questions = PseudoQuestions.of(corpus.chunks(), maxQuestions);
        Map<String, Long> perKind = questions.stream()
                .collect(Collectors.groupingBy(q -> Script.of(q.text()) + "/" + q.kind(), Collectors.counting()));
        Map<Script, List<FusionFit.Sample>> samples = new EnumMap<>(Script.class);
        for (PseudoQuestions.Question q : questions) {
            Retrieval retrieval = search.retrieve(
                    new SearchRequest(Question.of(q.text()), FusionFit.DEPTH, Scope.ALL, FIT), List.of());
            samples.computeIfAbsent(Script.of(q.text()), s -> new ArrayList<>())
                    .add(new FusionFit.Sample(
                            q.docId(), retrieval.hits(), 1.0 / perKind.get(Script.of(q.text()) + "/" + q.kind())));
        }
        logByKind(questions, samples);
        Map<Script, FusionWeights> weights = new EnumMap<>(configured);
        Map<Script, FusionFit.Result> fits = new EnumMap<>(Script.class);
        samples.forEach((script, list) -> {
            if (list.size() >= MIN_QUESTIONS) {
                FusionFit.Result result = FusionFit.fit(list, configured.get(script), vectorWeight);
                fits.put(script, result);
                weights.put(script, result.weights());
            }
        });
        Map<PseudoQuestions.Kind, Long> kinds = new TreeMap<>(questions.stream()
                .collect(Collectors.groupingBy(PseudoQuestions.Question::kind, Collectors.counting())));
        return new FittedFusion(fits.isEmpty() ? "configured" : "fitted", weights, fits, kinds, chunks, clock.millis());
    }

    /** Each arm's MRR@10 per kind of pseudo-question: which kinds favour which arm, for whoever tunes the kinds. */
    private static void logByKind(
            List<PseudoQuestions.Question> questions, Map<Script, List<FusionFit.Sample>> samples) {
        Map<String, List<FusionFit.Sample>> byKind = new TreeMap<>();
        Map<Script, Integer> next = new EnumMap<>(Script.class);
        for (PseudoQuestions.Question q : questions) {
            Script script = Script.of(q.text());
            int i = next.merge(script, 1, Integer::sum) - 1;
            byKind.computeIfAbsent(script + "/" + q.kind(), k -> new ArrayList<>())
                    .add(samples.get(script).get(i));
        }
        byKind.forEach((kind, list) -> {
            FusionFit.Result arms = FusionFit.fit(list, new FusionWeights(1, 1, 10, 1), 1);
            LOG.info(
                    "{}: {} questions, bm25 MRR {}, vector MRR {}, equal weights {}",
                    kind,
                    list.size(),
                    arms.bm25Mrr(),
                    arms.vectorMrr(),
                    arms.configuredMrr());
        });
    }

    @Override
    public void close() {
        if (scheduler != null) {
            scheduler.shutdownNow();
        }
    }
}

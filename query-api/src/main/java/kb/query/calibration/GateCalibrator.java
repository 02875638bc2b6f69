package kb.query.calibration;

import java.io.IOException;
import java.time.Clock;
import java.time.Duration;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.LongSupplier;
import kb.core.runtime.Threads;
import kb.query.search.ChunkRetriever;
import kb.query.search.corpus.GateThreshold;
import kb.query.search.terms.Script;
import kb.search.embed.Embeddings;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Fits the honesty gate to the indexed corpus. A fixed cosine threshold is specific to a model and a corpus: a
 * folder of similar pages lifts every question's best cosine. So the gate measures the background: built-in
 * everyday questions no technical knowledge base answers (English and Chinese), embedded once, their best
 * cosine against this corpus; the threshold per script is their mean plus two standard deviations (a question
 * must stand clear of the everyday background; a maximum would be set by the one probe that borrows the most
 * technical words). It is measured again whenever the number of chunks with a vector has changed, at most once
 * per period: the sink writes text first and vectors after, so the document count is complete long before the
 * vectors the probes are measured against are. Each measurement also records the corpus's documents and chunks,
 * whose ratio balances the evidence fusion, so that is measured even when the threshold is configured.
 *
 * <p>Each measurement is kept beside the index ({@link CalibrationStore}) and served by the next run until it has
 * measured for itself: the same index then answers the same after any restart, even when Elasticsearch is slow in its
 * first seconds. A failed attempt is retried after a pause that doubles from {@link #FIRST_RETRY} up to the period.
 */
public final class GateCalibrator implements AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(GateCalibrator.class);

    /** Standard deviations above the probes' mean. */
    static final double SPREAD = 2.0;

    /** The pause after a first failed attempt; it doubles with each failure in a row, up to the period. */
    static final Duration FIRST_RETRY = Duration.ofSeconds(1);

    public interface NearestCosines {
        /** The best cosine similarity in the corpus for each vector, in order (empty where there is none). */
        List<OptionalDouble> bestCosines(List<ChunkRetriever.QueryVector> vectors) throws IOException;
    }

    /**
     * Whether the index is as the corpus alone would make it (no deleted versions counted in its statistics, no merge
     * running), read live: the sink keeps it so, and what is measured and served is settled only then.
     */
    @FunctionalInterface
    public interface Tidiness {
        boolean isTidy() throws IOException;

        Tidiness ALWAYS = () -> true;
    }

    private final Embeddings embeddings;
    private final NearestCosines nearest;
    private final LongSupplier documentCount;
    private final LongSupplier embeddedChunks;
    private final Tidiness tidiness;
    private final CalibrationStore store;
    private volatile long calibratedOnChunks = -1;
    private volatile long calibratedOnDocuments = -1;
    private volatile CalibrationState state = CalibrationState.PENDING;
    private Duration period = Duration.ofSeconds(30);
    private final double modelDefault;
    private final Clock clock;
    private final GateProbes probes = new GateProbes();
    private final OptionalDouble configured;
    private final ScheduledExecutorService scheduler;
    private volatile GateThreshold current;

    /**
     * Where the gate's thresholds come from besides its own measurements.
     *
     * @param modelDefault the model's threshold while (or when) the corpus cannot be measured
     * @param configured   KB_GATE_MIN_COSINE when set: then the threshold is not calibrated, but the corpus is
     *                     still measured (its shape balances the fusion)
     * @param kept         where each measurement is kept beside the index for the next run
     */
    public record Thresholds(double modelDefault, OptionalDouble configured, CalibrationStore kept) {}

    /**
     * @param embeddedChunks chunks with a vector: a change of it or of the document count calls for a new measurement
     * @param tidiness       whether the index is tidy: until it is, the gate is not settled
     * @param thresholds     the model's default, the configured threshold and where each measurement is kept
     */
    public GateCalibrator(
            Embeddings embeddings,
            NearestCosines nearest,
            LongSupplier documentCount,
            LongSupplier embeddedChunks,
            Tidiness tidiness,
            Thresholds thresholds,
            Clock clock) {
        double modelDefault = thresholds.modelDefault();
        OptionalDouble configured = thresholds.configured();
        this.embeddings = embeddings;
        this.nearest = nearest;
        this.documentCount = documentCount;
        this.embeddedChunks = embeddedChunks;
        this.tidiness = tidiness;
        this.store = thresholds.kept();
        this.modelDefault = modelDefault;
        this.clock = clock;
        this.configured = configured;
        this.current = configured.isPresent()
                ? GateThreshold.fixed(configured.getAsDouble(), "configured")
                : GateThreshold.fixed(modelDefault, "model-default");
        this.scheduler = Executors.newSingleThreadScheduledExecutor(Threads.daemonFactory("kb-gate-calibrator"));
    }

    /**
     * Starts measuring in the background, once now and then every period while the corpus changes; a failed attempt
     * is tried again sooner.
     */
    public void start(Duration period) {
        this.period = period;
        scheduler.execute(this::attempt);
    }

    private void attempt() {
        boolean done = refresh();
        Duration pause = done ? period : retryPause(state.failures(), period);
        try {
            scheduler.schedule(this::attempt, pause.toMillis(), TimeUnit.MILLISECONDS);
        } catch (RejectedExecutionException closed) {
            // closed while measuring: nothing more to do
        }
    }

    /** {@link #FIRST_RETRY} doubled with each earlier failure in a row, at most the period. */
    static Duration retryPause(int failures, Duration period) {
        long millis = FIRST_RETRY.toMillis() << Math.min(Math.max(failures - 1, 0), 20);
        return Duration.ofMillis(Math.min(millis, period.toMillis()));
    }

    /** How far the measurement is. */
    public CalibrationState state() {
        return state;
    }

    public GateThreshold current() {
        return current;
    }

    /**
     * True when the threshold in force (and the corpus's shape) was measured on the corpus as it is now and the
     * index is tidy: an answer given before then may be gated or ranked differently from the same
     * question asked a period later.
     */
    public boolean settled() {
        try {
            return calibratedOnChunks == embeddedChunks.getAsLong()
                    && calibratedOnDocuments == documentCount.getAsLong()
                    && tidiness.isTidy();
        } catch (IOException | RuntimeException e) {
            return false;
        }
    }

    /**
     * Measures again when the corpus has another number of embedded chunks or documents than at the last calibration (before the
     * first one, serves what an earlier run kept for this index); whether the attempt succeeded.
     */
    public synchronized boolean refresh() {
        try {
            if (state == CalibrationState.PENDING) {
                serveKept();
            }
            long chunks = embeddedChunks.getAsLong();
            // The two indexes refresh apart: a deleted document's chunks may be gone before its card.
            long documents = documentCount.getAsLong();
            if (chunks > 0 && (chunks != calibratedOnChunks || documents != calibratedOnDocuments)) {
                measure(documents, chunks);
            }
            if (state.failures() > 0) {
                state = CalibrationState.of(state.state());
            }
            return true;
        } catch (IOException | RuntimeException e) {
            if (scheduler.isShutdown()) {
                return false; // closed while measuring (kb stops): its request was cancelled, nothing failed
            }
            state = state.failed(e.toString());
            LOG.warn("calibration failed ({} in a row), retried: {}", state.failures(), e.toString());
            return false;
        }
    }

    /**
     * The measurement an earlier run kept for this index, served until this run has measured for itself; with a
     * configured threshold only the corpus's shape is taken from it.
     */
    private void serveKept() {
        Optional<GateThreshold> kept;
        try {
            kept = store.load();
        } catch (IOException | RuntimeException e) {
            if (!scheduler.isShutdown()) { // else closed while reading (kb stops right after its start): no news
                LOG.warn("the measurement kept for this index could not be read: {}", e.toString());
            }
            return;
        }
        if (kept.isEmpty() || configured.isEmpty() && !kept.get().source().equals("calibrated")) {
            return;
        }
        current = configured.isPresent()
                ? GateThreshold.fixed(configured.getAsDouble(), "configured")
                        .measuredOn(kept.get().documents(), kept.get().chunks())
                : kept.get();
        state = CalibrationState.of("kept");
        LOG.info(
                "serving the measurement kept for this index ({} documents, {} chunks, min cosine {}) until measured",
                current.documents(),
                current.chunks(),
                current.minCosine());
    }

    private void measure(long documents, long chunks) throws IOException {
        GateThreshold measured = configured.isPresent()
                ? GateThreshold.fixed(configured.getAsDouble(), "configured").measuredOn(documents, chunks)
                : calibrate(documents, chunks);
        current = measured;
        calibratedOnChunks = chunks;
        calibratedOnDocuments = documents;
        state = CalibrationState.of("measured");
        LOG.info(
                "measured on {} documents, {} chunks: min cosine {} {} (probe max {})",
                documents,
                chunks,
                measured.minCosine(),
                measured.source(),
                measured.probeMax());
        try {
            store.save(measured);
        } catch (IOException | RuntimeException e) {
            LOG.warn("the measurement could not be kept for the next run: {}", e.toString());
        }
    }

    GateThreshold calibrate(long documents, long chunks) throws IOException {
        Map<Script, List<Double>> byScript = probes.bestCosines(embeddings, nearest);
        Map<Script, Double> thresholds = new EnumMap<>(Script.class);
        Map<Script, Double> max = new EnumMap<>(Script.class);
        Map<Script, Integer> counts = new EnumMap<>(Script.class);
        for (Script script : Script.values()) {
            List<Double> cosines = byScript.getOrDefault(script, List.of());
            thresholds.put(script, cosines.size() < 2 ? modelDefault : round(threshold(cosines)));
            counts.put(script, cosines.size());
            cosines.stream().max(Double::compare).ifPresent(m -> max.put(script, round(m)));
        }
        return new GateThreshold(thresholds, "calibrated", counts, max, documents, chunks, clock.millis());
    }

    /** Mean plus {@link #SPREAD} sample standard deviations. */
    static double threshold(List<Double> cosines) {
        double mean =
                cosines.stream().mapToDouble(Double::doubleValue).average().orElse(0);
        double variance =
                cosines.stream().mapToDouble(c -> (c - mean) * (c - mean)).sum() / (cosines.size() - 1);
        return mean + SPREAD * Math.sqrt(variance);
    }

    private static double round(double value) {
        return Math.round(value * 1000) / 1000.0;
    }

    @Override
    public void close() {
        scheduler.shutdownNow();
    }
}

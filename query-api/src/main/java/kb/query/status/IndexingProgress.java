package kb.query.status;

import java.util.ArrayDeque;
import java.util.Deque;

/**
 * How far the index is behind the folder, from periodic observations: the {@code indexing} block of
 * {@code /api/v1/status}, the {@code indexing} detail of {@code /health}, and the {@code partial} flag of
 * search answers. Pure arithmetic over what it is told; thread-safe.
 *
 * <p>Documents not yet indexed are the records the chunker and the sink have not committed (each record is
 * one version of one document, so edits of one file during a backlog count more than once: an estimate that
 * errs towards "not done"). Their chunks are estimated from the indexed documents' average. Chunks are done
 * when they have their vector: text is searchable first, vectors follow at the embedder's pace.
 */
public final class IndexingProgress {

    /** An empty folder has nothing to wait for: after this long the first index counts as done. */
    static final long EMPTY_FOLDER_GRACE_MILLIS = 30_000;

    /** The rate is the chunks done over this window, so a burst or a pause of a few seconds moves it little. */
    private static final long RATE_WINDOW_MILLIS = 30_000;
    /**
     * Looks must span this long before a rate (and an ETA) is told: the first seconds of a backlog (the model
     * warming up, the first batch in flight) say nothing of its pace, and a rate from them gave ETAs of an hour
     * for jobs done in two minutes.
     */
    static final long MIN_RATE_SPAN_MILLIS = 15_000;

    private static final double DEFAULT_CHUNKS_PER_DOCUMENT = 5;

    /** One look at the pipeline, at {@code atMillis}. */
    record Observation(
            long atMillis, long documents, long chunks, long chunksAwaitingVectors, long chunkerLag, long sinkLag) {}

    /**
     * The status block; public so that {@code kb up} can print progress from it in process.
     *
     * @param state      running while any stage has a backlog, done otherwise
     * @param chunksPerSecond chunks embedded per second over the last 30 s; 0 while no rate is known yet
     * @param etaSeconds      null while no rate is known yet (the first 15 s of a backlog: "estimating"), 0 when
     *                        done
     */
    public record Block(
            String state,
            long documentsDone,
            long documentsTotal,
            long chunksDone,
            long chunksTotal,
            double chunksPerSecond,
            Long etaSeconds,
            long chunksAwaitingVectors) {

        public boolean running() {
            return "running".equals(state);
        }
    }

    private record Sample(long atMillis, long chunksDone) {}

    private long startMillis;
    private final Deque<Sample> samples = new ArrayDeque<>();
    private Block last;
    private boolean firstIndexDone;
    private int idleLooks;

    IndexingProgress(long startMillis) {
        this.startMillis = startMillis;
    }

    /** The looks start now: an empty folder's grace counts from here. */
    synchronized void lookingFrom(long millis) {
        startMillis = millis;
    }

    synchronized Block observe(Observation o) {
        long pendingDocuments = o.chunkerLag() + o.sinkLag();
        long awaiting = Math.min(o.chunksAwaitingVectors(), o.chunks());
        double perDocument = o.documents() == 0 ? DEFAULT_CHUNKS_PER_DOCUMENT : (double) o.chunks() / o.documents();
        long chunksTotal = o.chunks() + Math.round(pendingDocuments * perDocument);
        long chunksDone = o.chunks() - awaiting;
        boolean running = pendingDocuments > 0 || awaiting > 0;
        double rate = running ? rate(o.atMillis(), chunksDone) : restartRate();
        Long eta = !running
                ? Long.valueOf(0)
                : rate > 0 ? Long.valueOf(Math.round((chunksTotal - chunksDone) / rate)) : null;
        last = new Block(
                running ? "running" : "done",
                o.documents(),
                o.documents() + pendingDocuments,
                chunksDone,
                chunksTotal,
                Math.round(rate * 10) / 10.0,
                eta,
                awaiting);
        // Chunks seen, and two looks in a row: the cards' and the chunks' indexes refresh apart, so a look can count
        // the cards of a batch the sink just committed and none of its chunks yet, nothing awaiting its vector.
        idleLooks = running ? 0 : idleLooks + 1;
        if (idleLooks >= 2 && (o.chunks() > 0 || o.atMillis() - startMillis >= EMPTY_FOLDER_GRACE_MILLIS)) {
            firstIndexDone = true;
        }
        return last;
    }

    /**
     * Chunks embedded per second over the last half minute of this backlog; 0 (unknown) until the looks span
     * {@link #MIN_RATE_SPAN_MILLIS}.
     */
    private double rate(long now, long chunksDone) {
        samples.addLast(new Sample(now, chunksDone));
        while (samples.size() > 2 && now - samples.peekFirst().atMillis() > RATE_WINDOW_MILLIS) {
            samples.removeFirst();
        }
        Sample first = samples.peekFirst();
        long span = now - first.atMillis();
        return span < MIN_RATE_SPAN_MILLIS ? 0 : Math.max(0, chunksDone - first.chunksDone()) * 1000.0 / span;
    }

    /** Nothing waits: the next backlog's pace is measured from its own start, not from an idle window. */
    private double restartRate() {
        samples.clear();
        return 0;
    }

    /** The latest block, or null before the first observation. */
    synchronized Block last() {
        return last;
    }

    /** True until the first full index has been seen done: an absence in an answer may be temporary. */
    synchronized boolean partial() {
        return !firstIndexDone;
    }
}

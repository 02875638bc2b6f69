package kb.sink.vectors;

import co.elastic.clients.elasticsearch.ElasticsearchClient;
import co.elastic.clients.elasticsearch.core.search.Hit;
import io.micrometer.core.instrument.MeterRegistry;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.BooleanSupplier;
import java.util.function.Supplier;
import kb.core.runtime.DiskSpace;
import kb.core.runtime.Threads;
import kb.sink.vectors.SliceReader.PendingChunk;
import kb.sink.vectors.SliceReader.Slice;
import kb.sink.write.Backoff;
import kb.sink.write.EmbeddingStage;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The second pass of the sink: adds vectors to chunks that were written with their text only.
 *
 * <p>It works from the index itself, not from a queue: each round asks the chunk index for the newest
 * chunks without a vector (by the file's event time, then by when they were written), embeds them (one text per call: the embedder's cheapest path) and updates each
 * one conditionally on the sequence number it was read at. Newest first, so a live edit made during a large
 * first index gets its vector before the backlog; working from the index, a restart or a crash loses
 * nothing (whatever has no vector is found again); conditional updates, so a chunk rewritten or deleted
 * meanwhile is never touched (a rewritten chunk with the same id holds the same text: ids are
 * content-addressed, so it is simply found again if it still lacks a vector).
 *
 * <p>The update of one slice runs on a writer thread while the next slice is scanned and embedded: the
 * embedder is the bound of a first index, and waiting for Elasticsearch between slices left it idle (the
 * pipeline reached 0.68-0.76 of the embedder's own throughput). At most one update is in flight, and its
 * chunks are excluded from the scan until it is confirmed.
 */
public final class VectorFiller implements AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(VectorFiller.class);
    /** Updated ids stay excluded from the scan this long: longer than a refresh (1 s) takes to show them. */
    private static final Duration EXCLUDED_FOR = Duration.ofSeconds(5);

    private static final Duration IDLE_WAIT = Duration.ofSeconds(1);
    /**
     * How long in a row the pass leaves the CPU to a backlog of text being written: the embedder takes every core,
     * and an edit saved during a first index waits behind that text. Bounded, so vectors still come under a steady
     * stream of edits.
     */
    private static final Duration MAX_YIELD = Duration.ofSeconds(2);

    private static final Duration YIELD_STEP = Duration.ofMillis(100);

    /** Chunk ids updated at a time (nanoTime). */
    private record Updated(long at, List<String> ids) {}

    /** Where a chunk that cannot be embedded is reported (it is then left without a vector). */
    public interface Unembeddable {
        void report(String docId, String chunkId, Exception error);
    }

    /**
     * Told on the pass's thread when a look finds no chunk left without a vector after the pass embedded some (a
     * backlog drained), not at every idle look.
     */
    @FunctionalInterface
    public interface Drained {
        Drained NOTHING = () -> {};

        void drained();
    }

    /**
     * What the pass asks of the rest of the sink: where an unembeddable chunk is reported, whether the disk has room
     * for vectors, whether documents are waiting to be written (then the pass yields to them), and who is told when
     * the pass has drained.
     */
    public record SinkSignals(
            Unembeddable unembeddable, DiskSpace disk, BooleanSupplier writingBacklog, Drained drained) {}

    private final EmbeddingStage embeddings;
    private final Supplier<String> chunksIndex;
    private final int slice;
    private final Unembeddable unembeddable;
    private final Backoff backoff;
    private final Semaphore wake = new Semaphore(0);
    private final AtomicLong awaiting = new AtomicLong();
    private final Deque<Updated> recentlyUpdated = new ArrayDeque<>();
    private final Set<String> failed = new HashSet<>();
    private final MeterRegistry registry;
    /** While it is full, no vector is written: the pass waits as when there is nothing to fill. */
    private final DiskSpace disk;

    private final Thread thread;
    private final BooleanSupplier writingBacklog;
    private final Drained drained;
    /** When the pass last embedded or found no backlog of text (nanoTime): the start of its current yield. */
    private long yieldingSince = System.nanoTime();

    private final ExecutorService writer = Executors.newSingleThreadExecutor(Threads.daemonFactory("kb-vector-writer"));
    /** The update in flight (null when none) and the chunks it covers. */
    private Future<List<String>> inFlight;

    private List<String> inFlightIds = List.of();
    private final SliceReader reader;
    private final VectorUpdates updates;
    /** The next slice, read on the writer thread while the current one is embedded (null when none). */
    private Future<Slice> ahead;

    private final VectorPassClock clock = new VectorPassClock(System::nanoTime);
    private volatile boolean running = true;

    /** @param chunksIndex the index being written (the target version during a migration) */
    public VectorFiller(
            ElasticsearchClient client,
            EmbeddingStage embeddings,
            Supplier<String> chunksIndex,
            int slice,
            Duration maxBackoff,
            MeterRegistry registry,
            SinkSignals signals) {
        this.disk = signals.disk();
        this.writingBacklog = signals.writingBacklog();
        this.embeddings = embeddings;
        this.chunksIndex = chunksIndex;
        this.slice = slice;
        this.unembeddable = signals.unembeddable();
        this.drained = signals.drained();
        this.registry = registry;
        this.backoff = new Backoff(Duration.ofMillis(200), maxBackoff);
        registry.gauge("kb_sink_backlog_chunks", awaiting);
        registry.counter("kb_sink_vectors_total", "outcome", "added");
        registry.counter("kb_sink_vectors_total", "outcome", "superseded");
        registry.counter("kb_sink_vectors_total", "outcome", "failed");
        this.reader = new SliceReader(client, embeddings, slice, awaiting);
        this.updates = new VectorUpdates(client, embeddings, registry);
        this.thread = Threads.daemon("kb-vector-filler", this::run);
    }

    public void start() {
        thread.start();
    }

    /** New chunks without vectors were written: look now rather than at the next idle check. */
    public void wake() {
        wake.release();
    }

    /** Chunks without a vector at the last look (the scan's total, as of the last refresh). */
    public long awaiting() {
        return awaiting.get();
    }

    public boolean isAlive() {
        return thread.isAlive();
    }

    private void run() {
        while (running) {
            try {
                if (yieldsToText()) {
                    long since = clock.now();
                    wake.tryAcquire(YIELD_STEP.toMillis(), TimeUnit.MILLISECONDS);
                    clock.spent(VectorPassClock.Phase.YIELD, since);
                } else if (disk.full() || !fillOneSlice()) {
                    wake.tryAcquire(IDLE_WAIT.toMillis(), TimeUnit.MILLISECONDS);
                    wake.drainPermits();
                }
                backoff.reset();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            } catch (Exception e) {
                if (!running) {
                    return;
                }
                long delay = backoff.nextDelayMillis();
                LOG.warn("vector pass: Elasticsearch not available ({}); retrying in {} ms", e.toString(), delay);
                try {
                    if (!backoff.await(delay)) {
                        return;
                    }
                } catch (InterruptedException ie) {
                    Thread.currentThread().interrupt();
                    return;
                }
            }
        }
    }

    /** Whether to leave the CPU to the text being written now, within {@link #MAX_YIELD} in a row. */
    private boolean yieldsToText() {
        long now = System.nanoTime();
        if (!writingBacklog.getAsBoolean() || now - yieldingSince > MAX_YIELD.toNanos()) {
            yieldingSince = now;
            return false;
        }
        return true;
    }

    /** @return whether there was anything to embed */
    private boolean fillOneSlice() throws Exception {
        long since = clock.now();
        Slice current = nextSlice(chunksIndex.get());
        clock.spent(VectorPassClock.Phase.SCAN, since);
        if (current.isEmpty()) {
            finishUpdate();
            if (clock.chunks() > 0) {
                drained.drained(); // a backlog was embedded and none is left: not at every idle look
            }
            clock.drained();
            return false;
        }
        readAhead(current);
        since = clock.now();
        Map<String, float[]> vectors = vectorsOrSingly(current);
        clock.spent(VectorPassClock.Phase.EMBED, since);
        clock.embedded(current.pending().size());
        since = clock.now();
        finishUpdate();
        clock.spent(VectorPassClock.Phase.UPDATE, since);
        startUpdate(current.index(), current.pending(), vectors);
        return true;
    }

    /**
     * The slice read ahead, unless something was written since it was read (a live edit's chunks come first, and
     * the slice read ahead may not hold them) or the index changed: then the index is read again.
     */
    private Slice nextSlice(String index) throws Exception {
        Future<Slice> read = ahead;
        ahead = null;
        if (read != null) {
            Slice slice = outcome(read);
            if (wake.drainPermits() == 0 && slice.index().equals(index)) {
                return slice;
            }
        }
        return reader.read(index, excluded(List.of()));
    }

    /**
     * Reads the next slice on the writer thread, after the update in flight: the embedder is the bound of a first
     * index, and the round trips of reading a slice left its threads idle between slices.
     */
    private void readAhead(Slice current) {
        List<String> excluded = excluded(current.pending().stream().map(Hit::id).toList());
        ahead = writer.submit(() -> reader.read(current.index(), excluded));
    }

    /** The chunks a read must skip: these, the update in flight, the recently updated and the unembeddable. */
    private List<String> excluded(List<String> embedding) {
        while (!recentlyUpdated.isEmpty()
                && System.nanoTime() - recentlyUpdated.peekFirst().at() > EXCLUDED_FOR.toNanos()) {
            recentlyUpdated.removeFirst();
        }
        List<String> excluded = new ArrayList<>(failed);
        excluded.addAll(embedding);
        excluded.addAll(inFlightIds);
        recentlyUpdated.forEach(u -> excluded.addAll(u.ids()));
        return excluded;
    }

    private void startUpdate(String index, List<Hit<PendingChunk>> pending, Map<String, float[]> vectors) {
        inFlightIds = pending.stream().map(Hit::id).toList();
        inFlight = writer.submit(() -> updates.update(index, pending, vectors));
    }

    /** Waits for the update in flight; its chunks then stay excluded while a refresh makes them visible. */
    private void finishUpdate() throws Exception {
        if (inFlight == null) {
            return;
        }
        try {
            recentlyUpdated.addLast(new Updated(System.nanoTime(), outcome(inFlight)));
        } finally {
            inFlight = null;
            inFlightIds = List.of();
        }
    }

    private static <T> T outcome(Future<T> future) throws Exception {
        try {
            return future.get();
        } catch (ExecutionException e) {
            throw e.getCause() instanceof Exception cause ? cause : e;
        }
    }

    /** A text the embedder cannot take must not stop the others: on a failure, each is embedded alone. */
    private Map<String, float[]> vectorsOrSingly(Slice current) {
        try {
            return embeddings.vectors(current.textsByKey(), current.known());
        } catch (RuntimeException batchError) {
            Map<String, float[]> vectors = new LinkedHashMap<>();
            for (Hit<PendingChunk> hit : current.pending()) {
                String key = embeddings.keyOf(hit.source().enrichedText());
                try {
                    vectors.putAll(embeddings.vectors(Map.of(key, hit.source().enrichedText()), current.known()));
                } catch (RuntimeException e) {
                    failed.add(hit.id());
                    registry.counter("kb_sink_vectors_total", "outcome", "failed")
                            .increment();
                    unembeddable.report(hit.source().docId(), hit.id(), e);
                }
            }
            return vectors;
        }
    }

    @Override
    public void close() throws InterruptedException {
        running = false;
        backoff.stop();
        thread.interrupt();
        thread.join(TimeUnit.SECONDS.toMillis(10));
        writer.shutdownNow();
    }
}

package kb.local;

import java.io.PrintStream;
import java.time.Clock;
import java.time.Duration;
import java.util.Locale;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;
import kb.core.runtime.Threads;
import kb.query.status.IndexingProgress.Block;

/**
 * Tells the person who ran {@code kb up} how far the index is, while there is a backlog: a line every few
 * seconds (a bar redrawn in place on a terminal), and one "indexed" line when the backlog is gone. The first
 * index is always reported; later backlogs (a reindex, a big copy into the folder) only once they are large
 * or outlast one look, so single live edits stay quiet.
 */
final class ProgressReporter implements AutoCloseable {

    static final Duration PERIOD = Duration.ofSeconds(5);
    /** Chunks pending from which a backlog after the first index is worth reporting at once. */
    static final long LARGE_BACKLOG_CHUNKS = 500;

    private static final int BAR_WIDTH = 20;

    private final Supplier<Block> source;
    private final PrintStream out;
    private final boolean terminal;
    private final Clock clock;
    private final ScheduledExecutorService timer =
            Executors.newSingleThreadScheduledExecutor(Threads.daemonFactory("kb-progress"));
    private boolean firstIndexDone;
    private boolean reporting;
    private int runningLooks;
    private long backlogSinceMillis;
    /** On a terminal, the length of the bar drawn last (0: none), so a shorter one can blank its tail. */
    private int drawn;

    ProgressReporter(Supplier<Block> source, PrintStream out, boolean terminal, Clock clock) {
        this.source = source;
        this.out = out;
        this.terminal = terminal;
        this.clock = clock;
        this.backlogSinceMillis = clock.millis();
    }

    /**
     * Looks every {@code every}, the first time after one period: by then the status has been observed after
     * {@code kb ready}, not before the initial scan was published.
     */
    static ProgressReporter start(Supplier<Block> source, PrintStream out, boolean terminal, Duration every) {
        ProgressReporter reporter = new ProgressReporter(source, out, terminal, Clock.systemUTC());
        reporter.timer.scheduleAtFixedRate(
                reporter::lookQuietly, every.toMillis(), every.toMillis(), TimeUnit.MILLISECONDS);
        return reporter;
    }

    private void lookQuietly() {
        try {
            look();
        } catch (RuntimeException e) {
            // An exception would cancel the schedule; progress output is not worth stopping for.
        }
    }

    /** One look at the progress: prints what changed for the reader, if anything. */
    synchronized void look() {
        Block block = source.get();
        if (block == null) {
            return;
        }
        long now = clock.millis();
        if ("running".equals(block.state())) {
            if (runningLooks++ == 0 && firstIndexDone) {
                backlogSinceMillis = now;
            }
            // The first index counts from the start; a later backlog once it is large or outlasts one look.
            reporting |= !firstIndexDone
                    || runningLooks > 1
                    || block.chunksTotal() - block.chunksDone() >= LARGE_BACKLOG_CHUNKS;
            if (reporting) {
                print(terminal ? bar(block) : runningLine(block), false);
            }
            return;
        }
        if (reporting) {
            print(doneLine(block, Duration.ofMillis(now - backlogSinceMillis).toSeconds()), true);
        } else if (!firstIndexDone) {
            print(upToDateLine(block), true);
        }
        firstIndexDone = true;
        reporting = false;
        runningLooks = 0;
    }

    /** A plain line, or on a terminal a bar drawn over the previous one; {@code last} ends the drawing. */
    private void print(String line, boolean last) {
        if (!terminal) {
            out.println(line);
            out.flush();
            return;
        }
        out.print("\r" + line + " ".repeat(Math.max(0, drawn - line.length())));
        drawn = last ? 0 : line.length();
        if (last) {
            out.println();
        }
        out.flush();
    }

    @Override
    public synchronized void close() {
        timer.shutdownNow();
        if (drawn > 0) {
            // Leaves the cursor at the start of a line for what the shutdown prints.
            out.println();
            out.flush();
            drawn = 0;
        }
    }

    /** {@code kb: indexing 120/499 documents, 800/3,100 chunks, 12.3 chunks/s, ETA 3 min 10 s (640 chunks await vectors)}. */
    static String runningLine(Block b) {
        return "kb: indexing " + count(b.documentsDone()) + "/" + count(b.documentsTotal()) + " documents, "
                + count(b.chunksDone()) + "/" + count(b.chunksTotal()) + " chunks, " + rateAndEta(b) + awaiting(b);
    }

    /** {@code kb: [#########...........] 45% 120/499 docs, 800/3,100 chunks, 12.3 chunks/s, ETA 3 min 10 s}. */
    static String bar(Block b) {
        int percent = b.chunksTotal() <= 0 ? 0 : (int) Math.min(100, b.chunksDone() * 100 / b.chunksTotal());
        int filled = percent * BAR_WIDTH / 100;
        return String.format(
                Locale.ROOT,
                "kb: [%s%s] %3d%% %s/%s docs, %s/%s chunks, %s%s",
                "#".repeat(filled),
                ".".repeat(BAR_WIDTH - filled),
                percent,
                count(b.documentsDone()),
                count(b.documentsTotal()),
                count(b.chunksDone()),
                count(b.chunksTotal()),
                rateAndEta(b),
                awaiting(b));
    }

    /** {@code kb: indexed 499 documents (3,100 chunks) in 3 min 2 s}. */
    static String doneLine(Block b, long seconds) {
        return "kb: indexed " + plural(b.documentsDone(), "document") + " (" + plural(b.chunksDone(), "chunk") + ") in "
                + duration(seconds);
    }

    /** When the first look finds nothing to do (a restart over an unchanged folder). */
    static String upToDateLine(Block b) {
        return "kb: index up to date: " + plural(b.documentsDone(), "document") + " (" + plural(b.chunksDone(), "chunk")
                + ")";
    }

    /** {@code 42 s}, {@code 3 min 10 s}, {@code 1 h 5 min}: as precise as a reader needs. */
    static String duration(long seconds) {
        if (seconds < 60) {
            return seconds + " s";
        }
        if (seconds < 3600) {
            return seconds / 60 + " min" + (seconds % 60 == 0 ? "" : " " + seconds % 60 + " s");
        }
        long minutes = seconds / 60 % 60;
        return seconds / 3600 + " h" + (minutes == 0 ? "" : " " + minutes + " min");
    }

    /** The first seconds of a backlog have no rate worth telling (see IndexingProgress): "estimating". */
    private static String rateAndEta(Block b) {
        return b.etaSeconds() == null
                ? "estimating rate and ETA"
                : String.format(Locale.ROOT, "%,.1f chunks/s, ETA %s", b.chunksPerSecond(), duration(b.etaSeconds()));
    }

    private static String awaiting(Block b) {
        long n = b.chunksAwaitingVectors();
        return n == 0 ? "" : " (" + plural(n, "chunk") + (n == 1 ? " awaits" : " await") + " vectors)";
    }

    private static String plural(long n, String noun) {
        return count(n) + " " + noun + (n == 1 ? "" : "s");
    }

    private static String count(long n) {
        return String.format(Locale.ROOT, "%,d", n);
    }
}

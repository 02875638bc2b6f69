package kb.core.runtime;

import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ConcurrentSkipListMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import kb.core.settings.KbSettings;
import kb.core.settings.Settings;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The free space of the folders the pipeline writes (the broker's log, Elasticsearch's data, the Streams state)
 * against a margin. Below it the stages stop writing before a log directory fails, since a broker whose log
 * directory fails shuts down and takes the records in flight with it: a full disk is a state the pipeline waits out
 * (queries keep being answered, {@code /health} says why), not a crash. Space is read every half second; writing
 * resumes by itself once the free space is back above the margin and a quarter.
 */
public final class DiskSpace implements AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(DiskSpace.class);
    /** The default margin ({@code KB_DISK_MIN_FREE_MB}): the broker and Elasticsearch finish what they hold. */
    public static final long DEFAULT_MIN_FREE_MB = KbSettings.DISK_MIN_FREE_MB.fallback();

    /** A process that writes no folder of its own: never full. */
    public static final DiskSpace UNWATCHED = new DiskSpace(List.of(), 0);

    private final List<Path> folders;
    private final long minFreeBytes;
    private final List<Consumer<Boolean>> listeners = new CopyOnWriteArrayList<>();
    /** Other reasons the index cannot follow its folders, by who reported them; see {@link #problem}. */
    private final Map<String, String> problems = new ConcurrentSkipListMap<>();

    private volatile boolean full;
    private volatile long freeBytes = Long.MAX_VALUE;
    private volatile Path tightest;
    private ScheduledExecutorService checker;

    /**
     * @param folders      the folders written (each on its own file system or the same)
     * @param minFreeBytes below this much free space on any of them, writing stops
     */
    public DiskSpace(List<Path> folders, long minFreeBytes) {
        this.folders = List.copyOf(folders);
        this.minFreeBytes = minFreeBytes;
    }

    public static DiskSpace of(List<Path> folders, Settings settings) {
        return new DiskSpace(folders, settings.get(KbSettings.DISK_MIN_FREE_MB) * 1024 * 1024);
    }

    /** Reads the space now, then every half second; {@code kb_disk_free_bytes} and {@code kb_disk_full} show it. */
    public DiskSpace start(MeterRegistry registry) {
        if (folders.isEmpty()) {
            return this;
        }
        check();
        Gauge.builder("kb_disk_free_bytes", this, d -> d.freeBytes).register(registry);
        Gauge.builder("kb_disk_full", this, d -> d.full ? 1 : 0).register(registry);
        checker = Executors.newSingleThreadScheduledExecutor(Threads.daemonFactory("kb-disk-space"));
        checker.scheduleWithFixedDelay(this::check, 500, 500, TimeUnit.MILLISECONDS);
        return this;
    }

    /** Told {@code true} when writing must stop and {@code false} when it may resume, on the checker's thread. */
    public void onChange(Consumer<Boolean> listener) {
        listeners.add(listener);
    }

    public boolean full() {
        return full;
    }

    /**
     * Reports another reason the index cannot follow its folders (a watched folder gone missing), or clears it with
     * null: {@link #reason()} gives it, so {@code /health} says DEGRADED as for a full disk, but writing goes on.
     *
     * @param source who reports it (one problem each), e.g. the watched folder
     */
    public void problem(String source, String problem) {
        if (problem == null) {
            problems.remove(source);
        } else {
            problems.put(source, problem);
        }
    }

    /**
     * Why writing stopped, else the other problems reported, for {@code /health} and the status page; null while
     * there is room and nothing else is wrong.
     */
    public String reason() {
        if (!full) {
            return problems.isEmpty() ? null : String.join("; ", problems.values());
        }
        Path where = tightest;
        return full
                ? String.format(
                        Locale.ROOT,
                        "disk full: %d MB free in %s, below the margin of %d MB (KB_DISK_MIN_FREE_MB); writing resumes"
                                + " when space is freed",
                        freeBytes / (1024 * 1024),
                        where,
                        minFreeBytes / (1024 * 1024))
                : null;
    }

    void check() {
        long least = Long.MAX_VALUE;
        Path at = null;
        for (Path folder : folders) {
            try {
                long usable = Files.getFileStore(existing(folder)).getUsableSpace();
                if (usable < least) {
                    least = usable;
                    at = folder;
                }
            } catch (IOException e) {
                LOG.debug("cannot read the free space of {}: {}", folder, e.toString());
            }
        }
        freeBytes = least;
        tightest = at;
        boolean nowFull = full ? least < minFreeBytes + minFreeBytes / 4 : least < minFreeBytes;
        if (nowFull != full) {
            full = nowFull;
            if (nowFull) {
                LOG.warn("{}", reason());
            } else {
                LOG.info("{} MB free again in {}: writing resumes", least / (1024 * 1024), at);
            }
            listeners.forEach(l -> l.accept(nowFull));
        }
    }

    private static Path existing(Path folder) {
        Path existing = folder.toAbsolutePath();
        while (!Files.exists(existing) && existing.getParent() != null) {
            existing = existing.getParent();
        }
        return existing;
    }

    @Override
    public void close() {
        if (checker != null) {
            checker.shutdownNow();
        }
    }
}

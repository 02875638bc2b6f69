package kb.infra;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.function.Supplier;
import java.util.stream.Stream;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Removes the unpacked copies of Elasticsearch that no process uses, so the cache holds one copy per distribution
 * in use rather than one per checkout and rebuild.
 *
 * <p>A copy is kept while a process holds its lease ({@link CopyLeases}) or names it on its command line (a running
 * Elasticsearch, or the watchdog that launched it). A copy made before leases existed is kept for a day after it
 * was unpacked too, since the kb that made it takes no lease and may be about to start Elasticsearch from it. A
 * staging folder ({@code .unpacking-*}) is another process's unpacking for a minute or two, and left by a crash
 * after a day.
 */
final class CopyCleaner {

    private static final Logger LOG = LoggerFactory.getLogger(CopyCleaner.class);
    static final Duration UNLEASED_GRACE = Duration.ofDays(1);

    private final Instant now;
    private final Supplier<List<String>> commandLines;

    /**
     * @param now the time the grace period is counted to
     * @param commandLines the command lines of the processes running now, asked once per clean-up
     */
    CopyCleaner(Instant now, Supplier<List<String>> commandLines) {
        this.now = now;
        this.commandLines = commandLines;
    }

    /** A cleaner that asks the operating system which processes run. */
    static CopyCleaner ofThisMachine() {
        return new CopyCleaner(Instant.now(), CopyCleaner::runningCommandLines);
    }

    /**
     * Removes every copy in {@code parent} but {@code keep} that nobody uses; returns the folders removed. Copies are
     * chosen and moved aside under the cache's lock, and deleted after it is released.
     */
    List<Path> removeUnused(Path parent, Path keep) throws IOException {
        List<Path> aside = CopyLeases.exclusively(parent, () -> moveAsideUnused(parent, keep));
        List<Path> removed = new ArrayList<>();
        for (Path folder : aside) {
            DistributionCache.deleteTree(folder);
            removed.add(folder);
        }
        return removed;
    }

    private List<Path> moveAsideUnused(Path parent, Path keep) throws IOException {
        List<Path> aside = new ArrayList<>();
        List<String> running = commandLines.get();
        try (Stream<Path> children = Files.list(parent)) {
            for (Path child : (Iterable<Path>) children::iterator) {
                if (!Files.isDirectory(child) || child.equals(keep) || !removable(child, running)) {
                    continue;
                }
                Path removing = parent.resolve(".removing-" + UUID.randomUUID());
                Files.move(child, removing);
                LOG.info("removing {}, an unpacked Elasticsearch no process uses", child);
                aside.add(removing);
            }
        }
        return aside;
    }

    private boolean removable(Path folder, List<String> running) throws IOException {
        String name = folder.getFileName().toString();
        if (name.startsWith(".removing-")) {
            return true;
        }
        if (name.startsWith(".unpacking-")) {
            return olderThanGrace(folder);
        }
        boolean unused = CopyLeases.leased(folder) ? !CopyLeases.inUse(folder) : olderThanGrace(folder);
        return unused && !named(running, folder);
    }

    private boolean olderThanGrace(Path folder) throws IOException {
        Path marker = folder.resolve(DistributionCache.UNPACKED_MARKER);
        Path dated = Files.exists(marker) ? marker : folder;
        return Files.getLastModifiedTime(dated).toInstant().isBefore(now.minus(UNLEASED_GRACE));
    }

    /** Whether one of {@code commandLines} names {@code folder} (followed by a slash). */
    static boolean named(List<String> commandLines, Path folder) {
        String name = folder.toAbsolutePath() + "/";
        return commandLines.stream().anyMatch(commandLine -> commandLine.contains(name));
    }

    static List<String> runningCommandLines() {
        return ProcessHandle.allProcesses()
                .map(process -> process.info().commandLine().orElse(""))
                .filter(commandLine -> !commandLine.isEmpty())
                .toList();
    }
}

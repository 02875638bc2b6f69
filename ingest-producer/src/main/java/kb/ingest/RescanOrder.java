package kb.ingest;

import java.nio.file.attribute.FileTime;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import kb.ingest.publish.Lane;

/**
 * The order of a rescan made because the watcher lost events: its queue overflowed in a burst (a checkout, an
 * unzip, a sync catching up, 512 events in the JDK's watch service). The events lost are the last moments' changes,
 * and a person's save made during or just after the burst is among them, most likely the newest. So the files
 * changed in the last {@link #RECENT} are read first, newest first, as the watcher's own changes: the
 * {@value #NEWEST} newest copied to the live lane whatever its budget (the burst's own events spent it before they
 * overflowed), the others as its budget allows; the rest in turn as a scan. Read in the walk's order, a save made
 * just after 2,000 files were written waited behind all of them: 17-30 s on 2 cores.
 *
 * @param live files changed lately, newest first
 * @param scan the others, in the walk's order
 */
record RescanOrder(List<String> live, List<String> scan) {

    /** Longer than any burst's events take to overflow and be rescanned; shorter than a folder's quiet history. */
    static final Duration RECENT = Duration.ofSeconds(60);
    /** The newest changes copied to the live lane whatever its budget ({@link Lane#NEWEST}). */
    static final int NEWEST = 4;

    RescanOrder {
        live = List.copyOf(live);
        scan = List.copyOf(scan);
    }

    /** The lane of the {@code index}-th file of {@link #live()}. */
    static Lane liveLane(int index) {
        return index < NEWEST ? Lane.NEWEST : Lane.LIVE;
    }

    /** Every file as a scan: the first scan of a start, or a rescan nothing was lost before. */
    static RescanOrder inTurn(List<String> files) {
        return new RescanOrder(List.of(), files);
    }

    /** @param modified a file's modification time, empty when it cannot be read (it is read in turn, and told then) */
    static RescanOrder afterLostEvents(
            List<String> files, Function<String, Optional<FileTime>> modified, long nowMillis) {
        long since = nowMillis - RECENT.toMillis();
        List<Map.Entry<String, Long>> recent = new ArrayList<>();
        List<String> scan = new ArrayList<>();
        for (String path : files) {
            long millis = modified.apply(path).map(FileTime::toMillis).orElse(Long.MIN_VALUE);
            if (millis >= since) {
                recent.add(Map.entry(path, millis));
            } else {
                scan.add(path);
            }
        }
        recent.sort(Map.Entry.<String, Long>comparingByValue(Comparator.reverseOrder()));
        return new RescanOrder(recent.stream().map(Map.Entry::getKey).toList(), scan);
    }
}

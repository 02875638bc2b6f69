package kb.infra;

import java.time.Duration;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneId;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Where one Elasticsearch start spent its time, each phase's end counted from the spawn of its launcher: read from
 * the lines the node wrote to its console log, so a slow start says which part was slow. The launcher's chain (a
 * Java version check, the CLI's JVM, its JVM-ergonomics JVM, then the server's JVM) ends at the server's first log
 * line. Any phase may be null: its line was not seen (another log format, a line changed in another version).
 *
 * @param firstLine   the server's first log line: the launcher's JVMs and the server JVM's boot are behind it
 * @param initialized "initialized": modules and plugins loaded, the node built
 * @param started     "started": transport and HTTP bound, the cluster state recovered
 * @param healthy     the yellow health kb waits for answered
 */
public record ElasticsearchPhases(Duration firstLine, Duration initialized, Duration started, Duration healthy) {

    /** For a node not started here (an external one). */
    public static final ElasticsearchPhases NONE = new ElasticsearchPhases(null, null, null, null);

    /**
     * @param lines   what this launch wrote to the console log (the log is appended to across launches)
     * @param spawned when the launcher's process was started
     * @param healthy when the yellow health answered
     * @param zone    the zone of the log's timestamps (the node's JVM runs on this machine, in its default zone)
     */
    static ElasticsearchPhases read(List<String> lines, Instant spawned, Instant healthy, ZoneId zone) {
        Duration first = null;
        Duration initialized = null;
        Duration started = null;
        for (String line : lines) {
            Instant at = timestamp(line, zone);
            if (at == null) {
                continue;
            }
            Duration since = Duration.between(spawned, at);
            if (first == null) {
                first = since;
            }
            if (initialized == null && line.endsWith("] initialized")) {
                initialized = since;
            }
            if (started == null && line.contains("] started {")) {
                started = since;
            }
        }
        return new ElasticsearchPhases(first, initialized, started, Duration.between(spawned, healthy));
    }

    /** {@code [2026-12-07T18:37:53,338][INFO ]...}: log4j's ISO8601 pattern, in the node's zone; null for others. */
    private static Instant timestamp(String line, ZoneId zone) {
        if (line.length() < 25 || line.charAt(0) != '[' || line.charAt(24) != ']') {
            return null;
        }
        try {
            return LocalDateTime.parse(line.substring(1, 24).replace(',', '.'))
                    .atZone(zone)
                    .toInstant();
        } catch (DateTimeParseException e) {
            return null;
        }
    }

    /** E.g. {@code first log line 6.1 s, initialized 9.8 s, started 10.4 s, yellow 10.9 s}, phases not seen left out. */
    public String describe() {
        List<String> parts = new ArrayList<>();
        add(parts, "first log line", firstLine);
        add(parts, "initialized", initialized);
        add(parts, "started", started);
        add(parts, "yellow", healthy);
        return parts.isEmpty() ? "not started here" : String.join(", ", parts);
    }

    private static void add(List<String> parts, String name, Duration at) {
        if (at != null) {
            parts.add(String.format(Locale.ROOT, "%s %.1f s", name, at.toMillis() / 1e3));
        }
    }
}

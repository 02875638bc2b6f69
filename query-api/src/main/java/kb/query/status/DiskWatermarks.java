package kb.query.status;

import java.util.Locale;
import java.util.Map;

/**
 * Elasticsearch's disk watermarks as its cluster settings give them, and the free space each wants on a disk. Past
 * the high one Elasticsearch moves shards away and allocates none there (and a merge, which needs room for a copy of
 * what it merges, may fail); past the flood stage it makes every index with a shard there read-only
 * ({@code index.blocks.read_only_allow_delete}) until usage drops below the high one.
 *
 * @param low   {@code cluster.routing.allocation.disk.watermark.low}
 * @param high  {@code ...high}
 * @param flood {@code ...flood_stage}
 */
public record DiskWatermarks(Mark low, Mark high, Mark flood) {

    static final String PREFIX = "cluster.routing.allocation.disk.watermark.";

    /** Elasticsearch 8's defaults, for settings that do not name a watermark. */
    static final DiskWatermarks DEFAULTS = new DiskWatermarks(
            new Mark("low", "85%", 200L << 30),
            new Mark("high", "90%", 150L << 30),
            new Mark("flood_stage", "95%", 100L << 30));

    /**
     * One watermark.
     *
     * @param name        {@code low}, {@code high} or {@code flood_stage}
     * @param value       as set: a used percentage ({@code 90%}), a used ratio ({@code 0.9}) or free bytes
     *                    ({@code 500mb})
     * @param maxHeadroom for a percentage or ratio, the most free space it ever wants (-1: no bound)
     */
    public record Mark(String name, String value, long maxHeadroom) {

        /** The free bytes this mark wants on a disk of {@code total} bytes. */
        public long wantsFree(long total) {
            String v = value.strip().toLowerCase(Locale.ROOT);
            double usedShare;
            if (v.endsWith("%")) {
                usedShare = Double.parseDouble(v.substring(0, v.length() - 1)) / 100;
            } else if (v.matches("[0-9.]+") && Double.parseDouble(v) <= 1.0) {
                usedShare = Double.parseDouble(v);
            } else {
                return bytes(v);
            }
            long free = Math.round(total * (1 - usedShare));
            return maxHeadroom >= 0 ? Math.min(free, maxHeadroom) : free;
        }

        /** The setting's full name, for the reason a person reads. */
        public String setting() {
            return PREFIX + name;
        }
    }

    /**
     * The watermarks from flat cluster settings (defaults overridden by persistent, then transient ones, as
     * Elasticsearch applies them); any missing one is Elasticsearch 8's default.
     */
    public static DiskWatermarks of(Map<String, String> flat) {
        return new DiskWatermarks(mark(flat, DEFAULTS.low), mark(flat, DEFAULTS.high), mark(flat, DEFAULTS.flood));
    }

    private static Mark mark(Map<String, String> flat, Mark fallback) {
        String value = flat.getOrDefault(PREFIX + fallback.name(), fallback.value());
        String headroom = flat.get(PREFIX + fallback.name() + ".max_headroom");
        long maxHeadroom = headroom == null
                ? (flat.containsKey(PREFIX + fallback.name()) ? -1 : fallback.maxHeadroom())
                : headroom.strip().equals("-1") ? -1 : bytes(headroom.strip().toLowerCase(Locale.ROOT));
        return new Mark(fallback.name(), value, maxHeadroom);
    }

    /** The highest mark a disk with {@code free} of {@code total} bytes is past (flood, then high), else null. */
    public Mark pastOn(long free, long total) {
        if (free < flood.wantsFree(total)) {
            return flood;
        }
        return free < high.wantsFree(total) ? high : null;
    }

    /** Elasticsearch's byte sizes: {@code 500mb}, {@code 1gb}, {@code 1024b}, {@code 10kb}. */
    static long bytes(String size) {
        String[] units = {"pb", "tb", "gb", "mb", "kb", "b"};
        int[] shifts = {50, 40, 30, 20, 10, 0};
        for (int i = 0; i < units.length; i++) {
            if (size.endsWith(units[i])) {
                double n = Double.parseDouble(
                        size.substring(0, size.length() - units[i].length()).strip());
                return (long) (n * (1L << shifts[i]));
            }
        }
        return Long.parseLong(size);
    }
}

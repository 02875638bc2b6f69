package kb.query.status;

import co.elastic.clients.elasticsearch.ElasticsearchClient;
import co.elastic.clients.elasticsearch.cluster.GetClusterSettingsResponse;
import co.elastic.clients.elasticsearch.indices.IndexSettingBlocks;
import co.elastic.clients.elasticsearch.indices.IndexSettings;
import co.elastic.clients.json.JsonData;
import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import kb.core.runtime.Threads;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Elasticsearch's own limits, which kb's disk margin does not see: a disk past its high watermark or flood stage
 * ({@link DiskWatermarks}), and the read-only block the flood stage puts on kb's indexes. Looked at in the background
 * every period; the reason (which watermark, the free space there is and the free space Elasticsearch wants) is
 * reported while it holds and cleared (null) once space is back, so {@code /health} says DEGRADED and why, then UP.
 * A look that fails (Elasticsearch down or slow) changes nothing: the probe tells that story.
 */
public final class ElasticsearchLimits implements AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(ElasticsearchLimits.class);

    private final ElasticsearchClient client;
    private final List<String> indexes;
    private final Consumer<String> report;
    private final ScheduledExecutorService looker =
            Executors.newSingleThreadScheduledExecutor(Threads.daemonFactory("kb-es-limits"));
    private volatile String problem;

    /**
     * @param indexes kb's aliases, whose read-only blocks are looked at
     * @param report  told the reason when it changes, null once nothing is wrong
     */
    public ElasticsearchLimits(ElasticsearchClient client, List<String> indexes, Consumer<String> report) {
        this.client = client;
        this.indexes = List.copyOf(indexes);
        this.report = report;
    }

    public void start(Duration every) {
        looker.scheduleWithFixedDelay(this::lookQuietly, 0, every.toMillis(), TimeUnit.MILLISECONDS);
    }

    /** What is wrong as of the latest look, or null. */
    public String problem() {
        return problem;
    }

    private void lookQuietly() {
        try {
            look();
        } catch (IOException | RuntimeException e) {
            LOG.debug("Elasticsearch's limits not read this time: {}", e.toString());
        }
    }

    /** One look: the disks against the watermarks, then the blocks; reports a change. */
    void look() throws IOException {
        DiskWatermarks marks = DiskWatermarks.of(flatSettings());
        List<String> found = new ArrayList<>(disks(marks));
        blocked()
                .forEach(index -> found.add(String.format(
                        Locale.ROOT,
                        "Elasticsearch made %s read-only at its flood stage (index.blocks.read_only_allow_delete): no change is"
                                + " indexed until its disk is below the high watermark again, when it lifts the block",
                        index)));
        String now = found.isEmpty() ? null : String.join("; ", found);
        if (!Objects.equals(now, problem)) {
            problem = now;
            if (now == null) {
                LOG.info("Elasticsearch's disk is below its watermarks again");
            } else {
                LOG.warn("{}", now);
            }
            report.accept(now);
        }
    }

    /** One line per node whose disk is past the high watermark or the flood stage. */
    private List<String> disks(DiskWatermarks marks) throws IOException {
        List<String> past = new ArrayList<>();
        client.nodes().stats(s -> s.metric("fs")).nodes().forEach((id, node) -> {
            if (node.fs() == null || node.fs().total() == null) {
                return;
            }
            long total = orZero(node.fs().total().totalInBytes());
            long free = orZero(node.fs().total().availableInBytes());
            DiskWatermarks.Mark mark = marks.pastOn(free, total);
            if (mark != null && total > 0) {
                String where = node.fs().data().isEmpty()
                        ? node.name()
                        : node.fs().data().get(0).path();
                past.add(String.format(
                        Locale.ROOT,
                        "Elasticsearch's disk is past its %s watermark: %s free of %s at %s, it wants %s free (%s = %s)%s",
                        mark.name().equals("flood_stage") ? "flood-stage" : mark.name(),
                        megabytes(free),
                        megabytes(total),
                        where,
                        megabytes(mark.wantsFree(total)),
                        mark.setting(),
                        mark.value(),
                        mark.name().equals("flood_stage")
                                ? ": it makes kb's indexes read-only"
                                : ": merges may fail and no new shard is placed there"));
            }
        });
        return past;
    }

    /** kb's indexes that carry a read-only block. */
    private List<String> blocked() throws IOException {
        List<String> blocked = new ArrayList<>();
        client.indices()
                .getSettings(s -> s.index(indexes).ignoreUnavailable(true).allowNoIndices(true))
                .result()
                .forEach((index, state) -> {
                    if (readOnly(state.settings())) {
                        blocked.add(index);
                    }
                });
        return blocked;
    }

    private static boolean readOnly(IndexSettings settings) {
        if (settings == null) {
            return false;
        }
        IndexSettingBlocks blocks = settings.blocks() != null
                ? settings.blocks()
                : settings.index() == null ? null : settings.index().blocks();
        return blocks != null && Boolean.TRUE.equals(blocks.readOnlyAllowDelete());
    }

    /** Defaults, then persistent, then transient settings: as Elasticsearch applies them. */
    private Map<String, String> flatSettings() throws IOException {
        GetClusterSettingsResponse settings =
                client.cluster().getSettings(s -> s.includeDefaults(true).flatSettings(true));
        Map<String, String> flat = new HashMap<>();
        for (Map<String, JsonData> layer : List.of(settings.defaults(), settings.persistent(), settings.transient_())) {
            layer.forEach((key, value) -> {
                if (key.startsWith(DiskWatermarks.PREFIX)) {
                    flat.put(key, value.to(String.class));
                }
            });
        }
        return flat;
    }

    private static long orZero(Long value) {
        return value == null ? 0 : value;
    }

    private static String megabytes(long bytes) {
        return String.format(Locale.ROOT, "%,d MB", bytes / (1024 * 1024));
    }

    @Override
    public void close() {
        looker.shutdownNow();
    }
}

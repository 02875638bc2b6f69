package kb.query.status;

import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import io.prometheus.metrics.core.metrics.Info;
import io.prometheus.metrics.model.registry.PrometheusRegistry;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.Properties;

/**
 * Which build this is: the project's version and the commit it was built from, written into
 * {@code build.properties} by the build (Maven resource filtering, git-commit-id). Shown by {@code kb --version},
 * the {@code version} block of {@code /api/v1/status} and the {@code kb_build_info} metric.
 *
 * @param version the Maven project version, e.g. 0.1.0-SNAPSHOT
 * @param commit  the abbreviated id of the commit checked out when it was built (uncommitted changes are not
 *                told); {@code unknown} for a build made outside a git checkout
 */
public record BuildInfo(String version, String commit) {

    static final String UNKNOWN = "unknown";
    private static final String METRIC = "kb_build_info";
    private static final String RESOURCE = "build.properties";

    /** This build, read once from the class path. */
    public static BuildInfo current() {
        return Holder.CURRENT;
    }

    /** From the filtered properties; a value the build did not fill in ({@code ${...}} or empty) is unknown. */
    static BuildInfo of(Properties properties) {
        return new BuildInfo(known(properties.getProperty("version")), known(properties.getProperty("commit")));
    }

    private static String known(String value) {
        return value == null || value.isBlank() || value.contains("${") ? UNKNOWN : value.strip();
    }

    /**
     * {@code kb_build_info{version, commit} 1}, Prometheus's usual way of telling which build a target runs. An
     * info metric of the Prometheus client: Micrometer would strip the {@code _info} of a gauge's name. Once per
     * registry: a second app on the same registry finds it there (under its name without {@code _info}).
     */
    public void register(PrometheusMeterRegistry registry) {
        PrometheusRegistry prometheus = registry.getPrometheusRegistry();
        if (!prometheus.scrape(name -> METRIC.startsWith(name)).stream()
                .toList()
                .isEmpty()) {
            return;
        }
        Info.builder()
                .name(METRIC)
                .help("the build this process runs: its version and commit (always 1)")
                .labelNames("version", "commit")
                .register(prometheus)
                .addLabelValues(version, commit);
    }

    /** What {@code kb --version} prints. */
    public String line() {
        return "kb " + version + " (commit " + commit + ")";
    }

    private static final class Holder {
        static final BuildInfo CURRENT = load();

        private static BuildInfo load() {
            Properties properties = new Properties();
            try (InputStream in = BuildInfo.class.getResourceAsStream(RESOURCE)) {
                if (in != null) {
                    properties.load(in);
                }
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            return of(properties);
        }
    }
}

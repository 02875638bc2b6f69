package kb.query.status;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.micrometer.prometheusmetrics.PrometheusConfig;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import java.util.Properties;
import org.junit.jupiter.api.Test;

class BuildInfoTest {

    private static Properties properties(String version, String commit) {
        Properties properties = new Properties();
        properties.setProperty("version", version);
        properties.setProperty("commit", commit);
        return properties;
    }

    @Test
    void shouldCarryTheVersionAndCommitWhenTheBuildFilledThemIn() {
        BuildInfo current = BuildInfo.current();
        // This module is built from a git checkout: both are filled in by the build.
        assertTrue(current.version().matches("\\d+\\.\\d+\\.\\d+.*"), current.version());
        assertTrue(current.commit().matches("[0-9a-f]{7,40}"), current.commit());
        assertEquals("kb " + current.version() + " (commit " + current.commit() + ")", current.line());
    }

    @Test
    void shouldSayUnknownWhenTheBuildLeftAPlaceholder() {
        BuildInfo info = BuildInfo.of(properties("0.1.0", "${git.commit.id.abbrev}"));
        assertEquals(new BuildInfo("0.1.0", "unknown"), info);
        assertEquals(new BuildInfo("unknown", "unknown"), BuildInfo.of(new Properties()));
    }

    @Test
    void shouldExportAGaugeOfOneWithVersionAndCommitWhenRegistered() {
        PrometheusMeterRegistry registry = new PrometheusMeterRegistry(PrometheusConfig.DEFAULT);
        new BuildInfo("1.2.3", "abc123").register(registry);
        new BuildInfo("1.2.3", "abc123").register(registry);
        String scrape = registry.scrape();
        assertTrue(scrape.contains("kb_build_info{commit=\"abc123\",version=\"1.2.3\"} 1\n"), scrape);
        assertEquals(1, scrape.split("kb_build_info\\{", -1).length - 1, scrape);
    }
}

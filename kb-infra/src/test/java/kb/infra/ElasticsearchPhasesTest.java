package kb.infra;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import org.junit.jupiter.api.Test;

class ElasticsearchPhasesTest {

    private static final Instant SPAWNED = Instant.parse("2026-12-07T18:37:28.000Z");

    @Test
    void shouldTimeEachPhaseFromTheSpawnWhenTheConsoleLogHasItsLines() {
        List<String> lines = List.of(
                "warning: ignoring JAVA_HOME=/usr/lib/jvm/java-17; using ES_JAVA_HOME",
                "[2026-12-07T18:37:34,400][INFO ][o.e.p.PluginsService     ] [kb-local] loaded module [apm]",
                "[2026-12-07T18:37:53,338][INFO ][o.e.n.Node               ] [kb-local] initialized",
                "[2026-12-07T18:37:53,339][INFO ][o.e.n.Node               ] [kb-local] starting ...",
                "[2026-12-07T18:37:56,902][INFO ][o.e.n.Node               ] [kb-local] started {kb-local}{-5_P}");

        ElasticsearchPhases phases =
                ElasticsearchPhases.read(lines, SPAWNED, Instant.parse("2026-12-07T18:37:58.000Z"), ZoneOffset.UTC);

        assertEquals(Duration.ofMillis(6_400), phases.firstLine());
        assertEquals(Duration.ofMillis(25_338), phases.initialized());
        assertEquals(Duration.ofMillis(28_902), phases.started());
        assertEquals(Duration.ofSeconds(30), phases.healthy());
        assertEquals("first log line 6.4 s, initialized 25.3 s, started 28.9 s, yellow 30.0 s", phases.describe());
    }

    @Test
    void shouldLeaveOutThePhasesWhoseLinesItDidNotSee() {
        ElasticsearchPhases phases = ElasticsearchPhases.read(
                List.of("[not a timestamp] started {x}", "Exception in thread main"),
                SPAWNED,
                SPAWNED.plusSeconds(9),
                ZoneOffset.UTC);

        assertNull(phases.firstLine());
        assertNull(phases.started());
        assertEquals("yellow 9.0 s", phases.describe());
        assertEquals("not started here", ElasticsearchPhases.NONE.describe());
    }
}

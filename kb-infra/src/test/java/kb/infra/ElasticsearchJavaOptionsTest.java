package kb.infra;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Map;
import org.junit.jupiter.api.Test;

class ElasticsearchJavaOptionsTest {

    @Test
    void shouldRunC1OnlyBesideTheHeapWithoutPreTouchByDefault() {
        assertEquals(
                "-Xms512m -Xmx512m -XX:-AlwaysPreTouch -XX:TieredStopAtLevel=1",
                EmbeddedElasticsearch.javaOptions("512m", Map.of()));
    }

    @Test
    void shouldTakeTheUsersOptionsInsteadAndNothingWhenTheyAreEmpty() {
        assertEquals(
                "-Xms1g -Xmx1g -XX:-AlwaysPreTouch -XX:+AlwaysPreTouch",
                EmbeddedElasticsearch.javaOptions("1g", Map.of("KB_ES_JAVA_OPTS", "-XX:+AlwaysPreTouch")));
        assertEquals(
                "-Xms1g -Xmx1g -XX:-AlwaysPreTouch",
                EmbeddedElasticsearch.javaOptions("1g", Map.of("KB_ES_JAVA_OPTS", "")));
    }
}

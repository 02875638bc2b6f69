package kb.core.settings;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class SettingsTest {

    @Test
    void shouldReadTypedValuesWithDefaults() {
        Settings settings = new Settings(Map.of("N", "7", "D", "PT2S", "M", "150", "L", "md, txt,,py"));
        assertEquals(7, settings.integer("N", 1));
        assertEquals(3, settings.integer("MISSING", 3));
        assertEquals(Duration.ofSeconds(2), settings.duration("D", Duration.ZERO));
        assertEquals(Duration.ofMillis(150), settings.duration("M", Duration.ZERO));
        assertEquals(List.of("md", "txt", "py"), settings.list("L", List.of()));
    }

    @Test
    void shouldFailLoudlyOnABadNumber() {
        var e = assertThrows(IllegalArgumentException.class, () -> new Settings(Map.of("N", "x")).integer("N", 1));
        assertEquals("N must be a whole number, got 'x'", e.getMessage());
    }
}

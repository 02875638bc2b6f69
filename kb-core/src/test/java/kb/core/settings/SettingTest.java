package kb.core.settings;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.time.Duration;
import java.util.Map;
import java.util.OptionalInt;
import org.junit.jupiter.api.Test;

class SettingTest {

    private static Settings of(String name, String value) {
        return new Settings(Map.of(name, value));
    }

    @Test
    void shouldGiveTheDeclaredDefaultWhenUnsetOrBlank() {
        assertEquals(1200, new Settings(Map.of()).get(KbSettings.MAX_CHUNK_CHARS));
        assertEquals(1200, of("KB_MAX_CHUNK_CHARS", " ").get(KbSettings.MAX_CHUNK_CHARS));
        assertEquals(OptionalInt.empty(), new Settings(Map.of()).get(KbSettings.TOPIC_REPLICATION));
    }

    @Test
    void shouldReadEachTypeAsDeclared() {
        assertEquals(Duration.ofMillis(300), of("KB_DEBOUNCE", "300").get(KbSettings.DEBOUNCE));
        assertEquals(Duration.ofSeconds(2), of("KB_DEBOUNCE", "PT2S").get(KbSettings.DEBOUNCE));
        assertEquals("TRUE", of("KB_EXTRACT_OCR", "TRUE").get(KbSettings.EXTRACT_OCR));
        assertEquals("auto", new Settings(Map.of()).get(KbSettings.EXTRACT_OCR));
        assertEquals(OptionalInt.of(2), of("KB_TOPIC_REPLICATION", "2").get(KbSettings.TOPIC_REPLICATION));
    }

    @Test
    void shouldStopTheStartNamingTheSettingWhenAValueIsBad() {
        var unreadable = assertThrows(IllegalArgumentException.class, () -> of("KB_SINK_BATCH", "many")
                .get(KbSettings.SINK_BATCH));
        assertEquals("KB_SINK_BATCH must be a whole number, got 'many'", unreadable.getMessage());
        var outOfRange = assertThrows(
                IllegalArgumentException.class, () -> of("KB_API_PORT", "70000").get(KbSettings.API_PORT));
        assertEquals("KB_API_PORT must be 0-65535, got 70000", outOfRange.getMessage());
        var notAFlag = assertThrows(IllegalArgumentException.class, () -> of("KB_FORCE_REINDEX", "yes")
                .get(KbSettings.FORCE_REINDEX));
        assertEquals("KB_FORCE_REINDEX must be true or false, got 'yes'", notAFlag.getMessage());
    }
}

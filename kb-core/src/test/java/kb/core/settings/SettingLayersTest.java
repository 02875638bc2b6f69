package kb.core.settings;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

class SettingLayersTest {

    private static final Path FILE = Path.of("/data/kb.yaml");

    private static SettingLayers layers(Map<String, String> file, Map<String, String> env, Map<String, String> flags) {
        return SettingLayers.defaults()
                .over(SettingLayers.Layer.file(FILE, file))
                .over(SettingLayers.Layer.environment(env))
                .over(new SettingLayers.Layer(flags, name -> "flag --port"));
    }

    @Test
    void shouldTakeTheDefaultWhenNoLayerSetsIt() {
        SettingLayers layers = layers(Map.of(), Map.of(), Map.of());
        assertEquals(8080, layers.settings().get(KbSettings.API_PORT));
        assertEquals("default", layers.sourceOf("KB_API_PORT"));
    }

    @Test
    void shouldTakeTheFileOverTheDefault() {
        SettingLayers layers = layers(Map.of("KB_API_PORT", "9000"), Map.of(), Map.of());
        assertEquals(9000, layers.settings().get(KbSettings.API_PORT));
        assertEquals("file /data/kb.yaml", layers.sourceOf("KB_API_PORT"));
    }

    @Test
    void shouldTakeTheEnvironmentOverTheFile() {
        SettingLayers layers = layers(Map.of("KB_API_PORT", "9000"), Map.of("KB_API_PORT", "9100"), Map.of());
        assertEquals(9100, layers.settings().get(KbSettings.API_PORT));
        assertEquals("environment KB_API_PORT", layers.sourceOf("KB_API_PORT"));
    }

    @Test
    void shouldTakeAFlagOverTheEnvironmentAndTheFile() {
        SettingLayers layers =
                layers(Map.of("KB_API_PORT", "9000"), Map.of("KB_API_PORT", "9100"), Map.of("KB_API_PORT", "9200"));
        assertEquals(9200, layers.settings().get(KbSettings.API_PORT));
        assertEquals("flag --port", layers.sourceOf("KB_API_PORT"));
    }

    @Test
    void shouldLeaveTheLayerBelowInForceWhenAVariableIsBlank() {
        SettingLayers layers = layers(Map.of("KB_API_PORT", "9000"), Map.of("KB_API_PORT", " "), Map.of());
        assertEquals(9000, layers.settings().get(KbSettings.API_PORT));
        assertEquals("file /data/kb.yaml", layers.sourceOf("KB_API_PORT"));
    }

    @Test
    void shouldIgnoreVariablesThatAreNoSetting() {
        SettingLayers layers = layers(Map.of(), Map.of("PATH", "/bin", "KB_API_PORT", "9100"), Map.of());
        assertEquals(
                Map.of("KB_API_PORT", "9100"),
                SettingLayers.Layer.environment(Map.of("PATH", "/bin", "KB_API_PORT", "9100"))
                        .values());
        assertEquals("default", layers.sourceOf("PATH"));
    }

    @Test
    void shouldListEverySettingInForceWithItsSource() {
        SettingLayers layers = layers(Map.of("KB_GATE_MIN_COSINE", "0.7"), Map.of("KB_API_PORT", "9100"), Map.of());
        Map<String, SettingLayers.InForce> byName = layers.inForce().stream()
                .collect(Collectors.toMap(i -> i.setting().name(), i -> i));
        assertEquals(KbSettings.ALL.size(), byName.size());
        assertEquals(
                new SettingLayers.InForce(KbSettings.API_PORT, "9100", "environment KB_API_PORT"),
                byName.get("KB_API_PORT"));
        assertEquals(
                new SettingLayers.InForce(KbSettings.GATE_MIN_COSINE, "0.7", "file /data/kb.yaml"),
                byName.get("KB_GATE_MIN_COSINE"));
        assertEquals(new SettingLayers.InForce(KbSettings.API_TOKEN, "(unset)", "default"), byName.get("KB_API_TOKEN"));
        assertEquals("md,txt", Setting.shownValue(List.of("md", "txt")));
    }

    @Test
    void shouldNameTheSettingWhenAValueInForceIsBad() {
        SettingLayers layers = layers(Map.of(), Map.of("KB_SINK_BATCH", "0"), Map.of());
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, layers::inForce);
        assertEquals("KB_SINK_BATCH must be at least 1, got 0", e.getMessage());
    }
}

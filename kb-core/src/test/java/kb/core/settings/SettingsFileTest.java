package kb.core.settings;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import org.junit.jupiter.api.Test;

class SettingsFileTest {

    private static final String FILE = "/home/me/kb.yaml";

    @Test
    void shouldReadEveryFormOfAKeyUnderTheEnvironmentsName() {
        Map<String, String> values = SettingsFile.parse(
                """
                api-port: 9090
                KB_API_HOST: 0.0.0.0
                extract.ocr: true
                gate_min_cosine: 0.71
                embedding:
                  model: by-language
                """,
                FILE);
        assertEquals(
                Map.of(
                        "KB_API_PORT", "9090",
                        "KB_API_HOST", "0.0.0.0",
                        "KB_EXTRACT_OCR", "true",
                        "KB_GATE_MIN_COSINE", "0.71",
                        "KB_EMBEDDING_MODEL", "by-language"),
                values);
    }

    @Test
    void shouldJoinAYamlListWhenTheSettingIsAList() {
        Map<String, String> values = SettingsFile.parse("import-extensions: [md, txt]\n", FILE);
        assertEquals("md,txt", values.get("KB_IMPORT_EXTENSIONS"));
    }

    @Test
    void shouldReadNothingWhenTheFileIsEmptyOrAValueIsLeftOut() {
        assertEquals(Map.of(), SettingsFile.parse("", FILE));
        assertEquals(Map.of(), SettingsFile.parse("api-token:\n", FILE));
    }

    @Test
    void shouldNameTheFileAndSuggestTheKeyWhenAKeyIsMisspelt() {
        IllegalArgumentException e =
                assertThrows(IllegalArgumentException.class, () -> SettingsFile.parse("api-prot: 9090\n", FILE));
        assertEquals(
                FILE + ": unknown setting 'api-prot' (did you mean 'api-port'?); docs/configuration.md lists them all",
                e.getMessage());
    }

    @Test
    void shouldSuggestNothingWhenNoKeyIsClose() {
        IllegalArgumentException e =
                assertThrows(IllegalArgumentException.class, () -> SettingsFile.parse("colour-scheme: dark\n", FILE));
        assertTrue(e.getMessage().startsWith(FILE + ": unknown setting 'colour-scheme';"), e.getMessage());
    }

    @Test
    void shouldNameTheFileAndTheKeyWhenAValueHasTheWrongType() {
        IllegalArgumentException e =
                assertThrows(IllegalArgumentException.class, () -> SettingsFile.parse("api-port: eighty\n", FILE));
        assertEquals(FILE + ": api-port: KB_API_PORT must be a whole number, got 'eighty'", e.getMessage());
    }

    @Test
    void shouldNameTheFileAndTheKeyWhenAValueBreaksItsRule() {
        IllegalArgumentException e =
                assertThrows(IllegalArgumentException.class, () -> SettingsFile.parse("api-port: 70000\n", FILE));
        assertEquals(FILE + ": api-port: KB_API_PORT must be 0-65535, got 70000", e.getMessage());
    }

    @Test
    void shouldRefuseAListWhenTheSettingTakesOneValue() {
        IllegalArgumentException e =
                assertThrows(IllegalArgumentException.class, () -> SettingsFile.parse("api-port: [1, 2]\n", FILE));
        assertEquals(FILE + ": api-port takes one value, not a list", e.getMessage());
    }

    @Test
    void shouldRefuseTheSameSettingTwiceWhenWrittenTwoWays() {
        IllegalArgumentException e = assertThrows(
                IllegalArgumentException.class, () -> SettingsFile.parse("api-port: 1\nKB_API_PORT: 2\n", FILE));
        assertTrue(e.getMessage().contains("are the same setting (api-port)"), e.getMessage());
    }

    @Test
    void shouldNameTheFileWhenTheYamlIsBroken() {
        IllegalArgumentException e =
                assertThrows(IllegalArgumentException.class, () -> SettingsFile.parse("api-port: [1\n", FILE));
        assertTrue(e.getMessage().startsWith(FILE + ": not valid YAML"), e.getMessage());
        IllegalArgumentException notAMap =
                assertThrows(IllegalArgumentException.class, () -> SettingsFile.parse("- a\n- b\n", FILE));
        assertTrue(notAMap.getMessage().contains("expected settings as 'key: value' lines"), notAMap.getMessage());
    }

    @Test
    void shouldRefuseASettingWhenOnlyTheEnvironmentIsRead() {
        IllegalArgumentException e =
                assertThrows(IllegalArgumentException.class, () -> SettingsFile.parse("java-opts: -Xmx1g\n", FILE));
        assertEquals(FILE + ": java-opts is read from the environment only (set KB_JAVA_OPTS there)", e.getMessage());
    }

    @Test
    void shouldReadTheEmbeddedElasticsearchsLaunchSettingsFromTheFile() {
        assertEquals(
                Map.of("KB_ES_JAVA_OPTS", "-XX:+UseSerialGC", "KB_CACHE_DIR", "/srv/kb-cache"),
                SettingsFile.parse("es-java-opts: -XX:+UseSerialGC\ncache-dir: /srv/kb-cache\n", FILE));
    }

    @Test
    void shouldGiveEverySettingAKeyWithoutThePrefix() {
        assertEquals("api-port", KbSettings.API_PORT.key());
        assertEquals("rrf-cjk-bm25-weight", KbSettings.RRF_CJK_BM25_WEIGHT.key());
    }
}

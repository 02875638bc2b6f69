package kb.core.settings;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class PathPrefixTest {

    @Test
    void shouldReadAPrefixWithOrWithoutItsTrailingSlashWhenItIsPlainPathSegments() {
        assertEquals(Optional.of(new PathPrefix("/kb")), PathPrefix.parse("/kb"));
        assertEquals(Optional.of(new PathPrefix("/kb")), PathPrefix.parse(" /kb/ "));
        assertEquals(Optional.of(new PathPrefix("/tools/kb-2.0_x~y")), PathPrefix.parse("/tools/kb-2.0_x~y"));
        assertEquals(Optional.of(new PathPrefix("/..kb")), PathPrefix.parse("/..kb"), "dots inside a name are fine");
    }

    @Test
    void shouldReadNoPrefixWhenTheValueIsAbsentRootOrBreaksTheRule() {
        for (String value : new String[] {
            null,
            "",
            "/",
            "kb",
            "//kb",
            "/kb//x",
            "/..",
            "/kb/../admin",
            "/./kb",
            "/kb?x=1",
            "/kb#x",
            "/k b",
            "/kb\"}",
            "/kb,/other",
            "/k%2e",
            "http://evil.example/kb",
            "/" + "a".repeat(PathPrefix.MAX_CHARS)
        }) {
            assertEquals(Optional.empty(), PathPrefix.parse(value), String.valueOf(value));
        }
        assertThrows(IllegalArgumentException.class, () -> new PathPrefix("/kb/"));
    }

    @Test
    void shouldRefuseTheSettingWhenItIsNotAPath() {
        IllegalArgumentException e =
                assertThrows(IllegalArgumentException.class, () -> new Settings(Map.of("KB_API_BASE_PATH", "/kb/../x"))
                        .get(KbSettings.API_BASE_PATH));
        assertTrue(e.getMessage().startsWith("KB_API_BASE_PATH must be a path such as /kb"), e.getMessage());
        assertEquals("/kb/", new Settings(Map.of("KB_API_BASE_PATH", "/kb/")).get(KbSettings.API_BASE_PATH));
        assertEquals("/", new Settings(Map.of("KB_API_BASE_PATH", "/")).get(KbSettings.API_BASE_PATH));
    }
}

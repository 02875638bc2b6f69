package kb.tools.eval;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The scenario folder loader: the format of /work/shared/data/kb-scenarios-dev, and the built-in set. */
class ScenarioSetTest {

    @TempDir
    Path dir;

    @Test
    void shouldSplitOnTheFirstTabOnlyAndReadAlternativesJoinedByBar() throws Exception {
        Files.createDirectories(dir.resolve("kb"));
        Files.writeString(
                dir.resolve("questions.tsv"),
                String.join(
                        "\n",
                        "Field is required: `rootUrls`\tplugin-tools/sign.md",
                        "双向认证 {mTLS}\tapisix/mtls.md|apisix/certificate.md",
                        "a\tb with a tab\tinside",
                        ""),
                StandardCharsets.UTF_8);
        Files.writeString(dir.resolve("offtopic.txt"), "how long to boil an egg\n\nwho won the tour\n");

        ScenarioSet set = ScenarioSet.load(dir);

        assertEquals(dir.resolve("kb"), set.kbDir());
        assertEquals(
                List.of(
                        new ScenarioSet.Labelled("Field is required: `rootUrls`", List.of("plugin-tools/sign.md")),
                        new ScenarioSet.Labelled("双向认证 {mTLS}", List.of("apisix/mtls.md", "apisix/certificate.md")),
                        new ScenarioSet.Labelled("a", List.of("b with a tab\tinside"))),
                set.questions());
        assertEquals(List.of("how long to boil an egg", "who won the tour"), set.offTopic());
    }

    @Test
    void shouldTreatAbsentQueryFilesAsEmpty() throws Exception {
        Files.createDirectories(dir.resolve("kb"));
        Files.writeString(dir.resolve("lookups.tsv"), "日志切分\tapisix/plugins/log-rotate.md\r\n");

        ScenarioSet set = ScenarioSet.load(dir);

        assertEquals(List.of(), set.questions());
        assertEquals(List.of(), set.offTopic());
        assertEquals(List.of(new ScenarioSet.Labelled("日志切分", List.of("apisix/plugins/log-rotate.md"))), set.lookups());
    }

    @Test
    void shouldRejectAFolderWithoutKbOrALineWithoutLabel() throws Exception {
        assertThrows(IllegalArgumentException.class, () -> ScenarioSet.load(dir));
        Files.createDirectories(dir.resolve("kb"));
        Files.writeString(dir.resolve("questions.tsv"), "a question with no label\n");
        assertThrows(IllegalArgumentException.class, () -> ScenarioSet.load(dir));
    }

    @Test
    void shouldLoadTheBuiltInSetInTheSameFormat() throws Exception {
        ScenarioSet set = ScenarioSet.builtIn(dir.resolve("kb"));

        assertEquals(20, set.questions().size());
        assertEquals(15, set.offTopic().size());
        assertEquals(List.of(), set.lookups());
        assertTrue(set.questions().contains(new ScenarioSet.Labelled("kafkabridge", List.of("kafka/bridge.md"))));
        for (ScenarioSet.Labelled q : set.questions()) {
            for (String path : q.expected()) {
                assertTrue(Files.isRegularFile(dir.resolve("kb").resolve(path)), path);
            }
        }
    }
}

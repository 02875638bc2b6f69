package kb.local;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.JsonNode;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Every format through the whole pipeline; hidden files never; reconciliation after a restart. */
class IngestionEndToEndTest {

    private static final Duration DEADLINE = Duration.ofSeconds(90);

    /** path → {a word only its body has, a word only its title has}. */
    private static final Map<String, List<String>> FILES = Map.of(
            "notes/alpha.md",
                    List.of("# Quillfeather Notes\n\nThe marmotrix lives here.\n", "marmotrix", "quillfeather"),
            "notes/beta.markdown", List.of("# Snorkelbay Guide\n\nAsk the pelicanzoid.\n", "pelicanzoid", "snorkelbay"),
            "conf/vortexhall.yaml",
                    List.of(
                            "# vortex config\nservices:\n  web:\n    image: grindlewick:1.0\n",
                            "grindlewick",
                            "vortexhall"),
            "conf/plumtree.yml", List.of("server:\n  name: oxbowmancer\n", "oxbowmancer", "plumtree"),
            "dash/tallowcrest.json",
                    List.of("{\"name\": \"wobblefinch\", \"version\": \"1.0.0\"}", "wobblefinch", "tallowcrest"),
            "scripts/ferngully.py",
                    List.of("import os\n\n\ndef zanzibarite():\n    return os.getcwd()\n", "zanzibarite", "ferngully"),
            "misc/hollowmere.txt", List.of("Bring the gravelquest lantern.\n", "gravelquest", "hollowmere"));

    @Test
    void shouldIndexEveryFormatFindItByBodyAndTitleAndReconcileAfterARestart() throws Exception {
        try (PipelineHarness kb = new PipelineHarness()) {
            for (var file : FILES.entrySet()) {
                kb.write(file.getKey(), file.getValue().get(0));
            }
            kb.write(".hidden/junk.md", "# Junk\n\nhidden marmotrix\n");
            kb.write("notes/.trash/x.md", "# Trash\n\ntrashed marmotrix\n");
            kb.start();
            List<String> expected = FILES.keySet().stream().sorted().toList();
            await().atMost(DEADLINE).until(() -> kb.indexed(expected));

            for (var file : FILES.entrySet()) {
                String path = file.getKey();
                assertEquals(path, first(kb.search(file.getValue().get(1))), "body word of " + path);
                assertEquals(path, first(kb.search(file.getValue().get(2))), "title of " + path);
            }

            kb.stop();
            kb.delete("notes/alpha.md");
            kb.with("KB_IMPORT_EXTENSIONS", "md,markdown,yaml,yml,json,py").start();
            await().atMost(DEADLINE)
                    .until(() -> !kb.documentPaths().contains("notes/alpha.md")
                            && !kb.documentPaths().contains("misc/hollowmere.txt"));
            assertEquals(5, kb.documentPaths().size());
        }
    }

    private static String first(JsonNode response) {
        List<String> paths = PipelineHarness.paths(response);
        return paths.isEmpty() ? "(nothing)" : paths.get(0);
    }
}

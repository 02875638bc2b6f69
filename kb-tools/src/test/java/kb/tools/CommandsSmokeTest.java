package kb.tools;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import kb.core.Json;
import kb.infra.Infrastructure;
import kb.testkit.SharedInfrastructure;
import kb.tools.eval.BeirEval;
import kb.tools.eval.ScenarioEval;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Tiny runs of {@code kb eval}, so the command cannot rot (the full runs are manual; the bench: BenchSmokeTest). */
class CommandsSmokeTest {

    @TempDir
    Path dir;

    @Test
    void shouldRunEvalOnATinyDatasetAndWriteTheJsonContract() throws Exception {
        Infrastructure infra = SharedInfrastructure.get();
        Path json = dir.resolve("eval.json");
        BeirEval.run(
                SmokeRuns.tinyDataset(dir),
                json,
                infra.bootstrapServers(),
                infra.elasticsearchUrl(),
                SmokeRuns.isolated(),
                List.of("&bm25Weight=0.5", "&fusion=convex&alpha=0.3"),
                dir.resolve("runs"));
        for (String arm : List.of("bm25", "vector", "hybrid")) {
            assertTrue(
                    Files.readString(dir.resolve("runs").resolve(arm + ".run")).contains(" Q0 "), arm + ".run");
        }
        JsonNode result = Json.MAPPER.readTree(json.toFile());
        assertEquals("tiny", result.get("dataset").asText());
        assertEquals(4, result.get("queries").asInt());
        for (String arm : List.of("bm25", "vector", "hybrid")) {
            for (String metric : List.of("ndcg@10", "recall@10", "recall@100", "mrr@10")) {
                assertTrue(result.get("arms").get(arm).has(metric), arm + " " + metric);
            }
        }
        assertTrue(result.get("arms").get("hybrid").get("ndcg@10").asDouble() > 0.5, result.toString());
    }

    /** A scenario folder: four notes (one with a frontmatter keyword), questions, a lookup, off-topic questions. */
    private Path tinyScenarios() throws Exception {
        Path folder = Files.createDirectories(dir.resolve("scenarios"));
        Path kb = Files.createDirectories(folder.resolve("kb/animals"));
        String[] animals = {"quokka", "pangolin", "kakapo", "jerboa"};
        for (String animal : animals) {
            Files.writeString(
                    kb.resolve(animal + ".md"),
                    "---\ntitle: The " + animal + "\nkeywords:\n  - " + animal + "-facts\n---\nThe " + animal
                            + " is an animal with a habitat of its own.\n");
        }
        Files.writeString(
                folder.resolve("questions.tsv"),
                "where does the quokka live\tanimals/quokka.md\npangolin habitat\tanimals/pangolin.md|animals/jerboa.md\n");
        Files.writeString(folder.resolve("lookups.tsv"), "kakapo-facts\tanimals/kakapo.md\n");
        Files.writeString(folder.resolve("offtopic.txt"), "how do I file my tax return\n");
        return folder;
    }

    @Test
    void shouldRunScenariosOnATinyFolderInPlaceAndWriteTheJsonContract() throws Exception {
        Infrastructure infra = SharedInfrastructure.get();
        Path folder = tinyScenarios();
        Path json = dir.resolve("scenarios.json");
        ScenarioEval.run(new ScenarioEval.Options(
                folder,
                json,
                dir.resolve("work"),
                null,
                infra.bootstrapServers(),
                infra.elasticsearchUrl(),
                SmokeRuns.isolated()));
        JsonNode result = Json.MAPPER.readTree(json.toFile());
        assertEquals("scenarios", result.get("scenarios").asText());
        assertEquals(2, result.get("questions").asInt());
        for (String arm : List.of("bm25", "vector", "served")) {
            for (String metric : List.of("top1", "top3", "mrr10", "errors")) {
                assertTrue(result.get("arms").get(arm).has(metric), arm + " " + metric);
            }
            assertEquals(0, result.get("arms").get(arm).get("errors").asInt(), arm);
        }
        assertEquals(2, result.get("arms").get("bm25").get("top1").asInt(), result.toString());
        assertEquals(1, result.get("lookup").get("right").asInt(), result.toString());
        assertEquals(4, result.get("rows").size());
        assertTrue(result.has("ingestSeconds"));
        assertTrue(!Files.exists(dir.resolve("work/kb")), "the notes are read in place, never copied");
    }
}

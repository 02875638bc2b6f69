package kb.tools;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import kb.core.Json;
import kb.infra.Infrastructure;
import kb.testkit.SharedInfrastructure;
import kb.tools.bench.BenchCommand;
import kb.tools.eval.EvalCommand;
import kb.tools.eval.ScenarioEval;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Tiny runs of {@code kb eval} and {@code kb bench}, so the commands cannot rot (the full runs are manual). */
class CommandsSmokeTest {

    @TempDir
    Path dir;

    /** A 20-document BEIR folder about made-up animals, with 4 judged queries. */
    private Path tinyDataset() throws Exception {
        Path dataset = Files.createDirectories(dir.resolve("tiny"));
        List<String> corpus = new ArrayList<>();
        String[] animals = {
            "zorilla",
            "quokka",
            "axolotl",
            "pangolin",
            "okapi",
            "tapir",
            "kinkajou",
            "numbat",
            "aye-aye",
            "fossa",
            "saiga",
            "takin",
            "dugong",
            "gharial",
            "shoebill",
            "kakapo",
            "markhor",
            "quoll",
            "binturong",
            "jerboa"
        };
        for (int i = 0; i < animals.length; i++) {
            corpus.add(Json.MAPPER.writeValueAsString(Map.of(
                    "_id",
                    "d" + i,
                    "title",
                    "The " + animals[i],
                    "text",
                    "The " + animals[i] + " is an animal that lives in habitat number " + i + ".")));
        }
        Files.write(dataset.resolve("corpus.jsonl"), corpus);
        Files.write(
                dataset.resolve("queries.jsonl"),
                List.of(
                        "{\"_id\": \"q1\", \"text\": \"where does the quokka live\"}",
                        "{\"_id\": \"q2\", \"text\": \"pangolin habitat\"}",
                        "{\"_id\": \"q3\", \"text\": \"tell me about the kakapo\"}",
                        "{\"_id\": \"q4\", \"text\": \"jerboa\"}"));
        Files.createDirectories(dataset.resolve("qrels"));
        Files.write(
                dataset.resolve("qrels/test.tsv"),
                List.of("query-id\tcorpus-id\tscore", "q1\td1\t1", "q2\td3\t1", "q3\td15\t1", "q4\td19\t2"));
        return dataset;
    }

    /**
     * Unique topics, indexes and groups; and the gate's look for a changed corpus every second rather than every 30:
     * each command waits for the gate and the fusion fitted on the complete index, and the bench does so after every
     * step, so the default period made most of this class's time a wait (the commands' output is the same).
     */
    private static Map<String, String> isolated() {
        String prefix = "c" + UUID.randomUUID().toString().substring(0, 8);
        return Map.of(
                "KB_GATE_CALIBRATION_PERIOD",
                "PT1S",
                "KB_TOPIC_PREFIX",
                prefix + ".",
                "KB_INDEX_PREFIX",
                prefix,
                "KB_CHUNKER_APP_ID",
                prefix + "-chunker",
                "KB_SINK_GROUP",
                prefix + "-indexer");
    }

    @Test
    void shouldRunEvalOnATinyDatasetAndWriteTheJsonContract() throws Exception {
        Infrastructure infra = SharedInfrastructure.get();
        Path json = dir.resolve("eval.json");
        EvalCommand.run(
                tinyDataset(),
                json,
                infra.bootstrapServers(),
                infra.elasticsearchUrl(),
                isolated(),
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
                isolated()));
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

    @Test
    void shouldRunBenchOnATinyCorpusAndWriteTheReport() throws Exception {
        Infrastructure infra = SharedInfrastructure.get();
        Path out = dir.resolve("benchmarks.md");
        BenchCommand.run(
                tinyDataset(),
                new BenchCommand.Sizes(20, 4, 2, 200, 120, 50),
                out,
                infra.bootstrapServers(),
                infra.elasticsearchUrl(),
                isolated());
        String report = Files.readString(out);
        for (String section : List.of(
                "L0 keyword lookup",
                "Ingest throughput",
                "Query latency",
                "Freshness",
                "Edits: embeddings computed",
                "Extraction (20 PDFs, 200 pages",
                "Startup: restart with documents already indexed")) {
            assertTrue(report.contains(section), section + " missing from\n" + report);
        }
        assertTrue(report.contains("| one section of a 50-section document | 1 | 1 |"), report);
        assertTrue(report.contains("| rename of that document | 0 | 0 |"), report);
        assertTrue(report.contains("(index: 120 chunks"), report);
        assertTrue(report.contains("(50 synthetic cards)"), report);
    }
}

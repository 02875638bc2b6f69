package kb.tools;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import kb.core.Json;
import kb.core.settings.KbSettings;
import kb.testkit.IsolatedSettings;

/** What the smoke runs of the measuring commands share: a tiny BEIR folder and an isolated pipeline's settings. */
final class SmokeRuns {

    private SmokeRuns() {}

    /** A 20-document BEIR folder about made-up animals, with 4 judged queries. */
    static Path tinyDataset(Path dir) throws Exception {
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
     * step, so the default period made most of the smoke runs' time a wait (the commands' output is the same).
     */
    static Map<String, String> isolated() {
        Map<String, String> settings = new HashMap<>(IsolatedSettings.fresh());
        settings.put(KbSettings.GATE_CALIBRATION_PERIOD.name(), "PT1S");
        return Map.copyOf(settings);
    }
}

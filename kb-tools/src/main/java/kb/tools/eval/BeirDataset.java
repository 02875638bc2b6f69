package kb.tools.eval;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.BufferedReader;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import kb.core.Json;

/**
 * A BEIR-format folder: {@code corpus.jsonl} ({@code _id}, {@code title}, {@code text}), {@code queries.jsonl}
 * and {@code qrels/test.tsv} (graded). Only queries with judgements are evaluated, as trec_eval does.
 */
public record BeirDataset(
        String name, List<Document> corpus, Map<String, String> queries, Map<String, Map<String, Integer>> qrels) {

    public record Document(String id, String title, String text) {}

    public static BeirDataset load(Path dir) throws IOException {
        List<Document> corpus = new ArrayList<>();
        for (JsonNode line : jsonLines(dir.resolve("corpus.jsonl"))) {
            corpus.add(new Document(
                    line.get("_id").asText(),
                    line.path("title").asText(""),
                    line.path("text").asText("")));
        }
        Map<String, Map<String, Integer>> qrels = new LinkedHashMap<>();
        List<String> lines = Files.readAllLines(dir.resolve("qrels/test.tsv"), StandardCharsets.UTF_8);
        for (String row : lines.subList(1, lines.size())) {
            String[] cols = row.split("\t");
            if (cols.length >= 3) {
                qrels.computeIfAbsent(cols[0], q -> new HashMap<>()).put(cols[1], Integer.parseInt(cols[2].strip()));
            }
        }
        Map<String, String> queries = new LinkedHashMap<>();
        for (JsonNode line : jsonLines(dir.resolve("queries.jsonl"))) {
            String id = line.get("_id").asText();
            if (qrels.containsKey(id) && qrels.get(id).values().stream().anyMatch(g -> g > 0)) {
                queries.put(id, line.get("text").asText());
            }
        }
        return new BeirDataset(dir.toAbsolutePath().normalize().getFileName().toString(), corpus, queries, qrels);
    }

    /** One JSON object per line; split on '\n' only (MS MARCO text holds U+0085). */
    private static List<JsonNode> jsonLines(Path file) throws IOException {
        List<JsonNode> nodes = new ArrayList<>();
        try (BufferedReader reader = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            for (String line = reader.readLine(); line != null; line = reader.readLine()) {
                if (!line.isBlank()) {
                    nodes.add(Json.MAPPER.readTree(line));
                }
            }
        }
        return nodes;
    }
}

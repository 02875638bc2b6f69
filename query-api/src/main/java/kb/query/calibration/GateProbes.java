package kb.query.calibration;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalDouble;
import kb.query.search.ChunkRetriever;
import kb.query.search.terms.Script;
import kb.search.embed.Embeddings;

/**
 * The gate's background: built-in everyday questions (English and Chinese) no technical knowledge base answers,
 * embedded once, each by its own script's model, and their best cosines against the corpus.
 */
final class GateProbes {

    private final Map<Script, List<String>> probes = load();
    private List<ChunkRetriever.QueryVector> vectors;
    private List<Script> scripts;

    /** Each script's probes' best cosines in the corpus (a probe without a nearest chunk counts for nothing). */
    Map<Script, List<Double>> bestCosines(Embeddings embeddings, GateCalibrator.NearestCosines nearest)
            throws IOException {
        if (vectors == null) {
            embed(embeddings);
        }
        List<OptionalDouble> best = nearest.bestCosines(vectors);
        Map<Script, List<Double>> byScript = new EnumMap<>(Script.class);
        for (int i = 0; i < best.size(); i++) {
            if (best.get(i).isPresent()) {
                byScript.computeIfAbsent(scripts.get(i), s -> new ArrayList<>())
                        .add(best.get(i).getAsDouble());
            }
        }
        return byScript;
    }

    private void embed(Embeddings embeddings) {
        List<ChunkRetriever.QueryVector> embedded = new ArrayList<>();
        List<Script> of = new ArrayList<>();
        probes.forEach((script, questions) -> questions.forEach(q -> {
            // By language, a script's probes measure its own model against its own field.
            Embeddings.Space space = embeddings.of(Embeddings.Script.valueOf(script.name()));
            embedded.add(new ChunkRetriever.QueryVector(
                    space.field(), space.embedder().embedQuery(q)));
            of.add(script);
        }));
        vectors = embedded;
        scripts = of;
    }

    /** The built-in probes by script (English and Chinese questions about everyday life). */
    static Map<Script, List<String>> load() {
        try (InputStream in = GateProbes.class.getResourceAsStream("/kb/query/gate-probes.txt")) {
            Map<Script, List<String>> probes = new EnumMap<>(Script.class);
            for (String line : new String(in.readAllBytes(), StandardCharsets.UTF_8).split("\n")) {
                String probe = line.strip();
                if (!probe.isEmpty() && !probe.startsWith("#")) {
                    probes.computeIfAbsent(Script.of(probe), s -> new ArrayList<>())
                            .add(probe);
                }
            }
            return probes;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}

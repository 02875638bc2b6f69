package kb.tools.eval;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import kb.local.HttpApi;

/**
 * What one scenario query got: its search answers per arm (questions: all three arms; off-topic questions:
 * the served one; lookups: none) and its lookup answer.
 *
 * @param expected the equally right pages; empty for an off-topic question
 * @param searches by arm, only the arms asked
 * @param lookup   the {@code /api/v1/lookup} answer
 */
public record ScenarioRow(Kind kind, String text, List<String> expected, Map<Arm, Searched> searches, Looked lookup) {

    public enum Kind {
        QUESTION,
        LOOKUP,
        OFF_TOPIC
    }

    /** The search requests compared: two diagnostic arms with the gate off, and the default request. */
    public enum Arm {
        BM25("&arms=bm25&gate=false"),
        VECTOR("&arms=vector&gate=false"),
        SERVED("");

        private final String params;

        Arm(String params) {
            this.params = params;
        }

        public String params() {
            return params;
        }

        public String label() {
            return name().toLowerCase(Locale.ROOT);
        }
    }

    public ScenarioRow {
        expected = List.copyOf(expected);
        searches = Map.copyOf(searches);
    }

    /** The gate's evidence on a served answer (used to calibrate the threshold). */
    public record Gate(int l0Hits, boolean lexical, double bestCosine) {}

    /**
     * One search answer.
     *
     * @param paths        the distinct result paths, best first (empty when deflected or failed)
     * @param topMatchedBy the arms that found the first result; empty when there is none
     * @param gate         null when the answer has no gate block or failed
     * @param error        null unless the call failed (non-2xx, unreadable or unreachable): a wrong answer
     */
    public record Searched(List<String> paths, boolean found, List<String> topMatchedBy, Gate gate, String error) {

        public Searched {
            paths = List.copyOf(paths);
            topMatchedBy = List.copyOf(topMatchedBy);
        }

        public static Searched failed(String error) {
            return new Searched(List.of(), false, List.of(), null, error);
        }

        /** Reads a {@code /api/v1/search} body; one without {@code results} counts as a failed call. */
        public static Searched of(JsonNode body) {
            JsonNode results = body.get("results");
            if (results == null || !results.isArray()) {
                return failed("no results in answer: " + abbreviate(body.toString()));
            }
            LinkedHashSet<String> paths = new LinkedHashSet<>();
            results.forEach(r -> paths.add(r.path("path").asText()));
            List<String> matchedBy = new ArrayList<>();
            if (!results.isEmpty()) {
                results.get(0).path("matchedBy").forEach(m -> matchedBy.add(m.asText()));
            }
            JsonNode g = body.get("gate");
            Gate gate = g == null || g.isNull()
                    ? null
                    : new Gate(
                            g.path("l0Hits").asInt(),
                            g.path("lexicalMatch").asBoolean(),
                            g.path("bestCosine").asDouble(-1));
            return new Searched(new ArrayList<>(paths), body.path("found").asBoolean(), matchedBy, gate, null);
        }

        public String top() {
            return paths.isEmpty() ? "-" : paths.get(0);
        }
    }

    /**
     * One lookup answer.
     *
     * @param primary    the exact keyword match's page, or null
     * @param supplement the semantic match's page, or null
     * @param confidence the answer's confidence (top level when present, else the primary's), or null
     * @param error      null unless the call failed
     */
    public record Looked(String primary, String supplement, String confidence, String error) {

        public static Looked failed(String error) {
            return new Looked(null, null, null, error);
        }

        /** Reads a {@code /api/v1/lookup} body. */
        public static Looked of(JsonNode body) {
            if (!body.has("found")) {
                return failed("no found in answer: " + abbreviate(body.toString()));
            }
            JsonNode primary = body.path("primary");
            JsonNode supplement = body.path("supplement");
            String confidence = text(body.get("confidence"));
            if (confidence == null && primary.isObject()) {
                confidence = text(primary.get("confidence"));
            }
            return new Looked(
                    primary.isObject() ? text(primary.get("source")) : null,
                    supplement.isObject() ? text(supplement.get("source")) : null,
                    confidence,
                    null);
        }

        /** The page the answer leads with: the primary, or when there is none the supplement; null for none. */
        public String answer() {
            return primary != null ? primary : supplement;
        }

        public boolean highConfidence() {
            return "high".equalsIgnoreCase(confidence);
        }

        private static String text(JsonNode node) {
            return node == null || node.isNull() ? null : node.asText();
        }
    }

    static String abbreviate(String s) {
        return HttpApi.abbreviate(s);
    }
}

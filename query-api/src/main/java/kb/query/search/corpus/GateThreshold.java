package kb.query.search.corpus;

import java.util.Map;
import kb.query.search.terms.Script;

/**
 * The honesty gate's cosine threshold in force, per script, and where it came from.
 *
 * @param minCosine   per script: below this best cosine, and with no other evidence, nothing is found
 * @param source      {@code configured} (KB_GATE_MIN_COSINE), {@code model-default} (not calibrated yet), or
 *                    {@code calibrated} (off-topic probes against this corpus)
 * @param probes      probes measured, per script (calibrated only)
 * @param probeMax    the highest best-cosine of a probe, per script (calibrated only; for diagnosis)
 * @param documents   documents in the index when measured (0 before)
 * @param chunks      chunks with a vector in the index when measured (0 before)
 * @param calibratedAt epoch milliseconds of the calibration, 0 when not calibrated
 */
public record GateThreshold(
        Map<Script, Double> minCosine,
        String source,
        Map<Script, Integer> probes,
        Map<Script, Double> probeMax,
        long documents,
        long chunks,
        long calibratedAt) {

    public static GateThreshold fixed(double minCosine, String source) {
        return new GateThreshold(
                Map.of(Script.LATIN, minCosine, Script.CJK, minCosine), source, Map.of(), Map.of(), 0, 0, 0);
    }

    /** This threshold, kept, with the corpus as measured now. */
    public GateThreshold measuredOn(long documentCount, long chunkCount) {
        return new GateThreshold(minCosine, source, probes, probeMax, documentCount, chunkCount, calibratedAt);
    }

    /** The corpus's chunks per document when measured (0 before the first measurement). */
    public double chunksPerDocument() {
        return documents > 0 ? (double) chunks / documents : 0;
    }

    public double forQuery(String query) {
        return minCosine.get(Script.of(query));
    }
}

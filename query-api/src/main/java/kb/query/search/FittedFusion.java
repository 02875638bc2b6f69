package kb.query.search;

import java.util.Map;
import kb.query.search.terms.PseudoQuestions;
import kb.query.search.terms.Script;

/**
 * The fusion's weights in force, per script, and why.
 *
 * @param source    {@code configured} (fitting off, or nothing fitted yet) or {@code fitted} (pseudo-questions of
 *                  this corpus chose them)
 * @param weights   per script: the weights served
 * @param fits      per script fitted: how each arm and the configured and chosen weights did on the pseudo-questions
 *                  (a script with too few questions keeps its configured weights and is absent here)
 * @param kinds     pseudo-questions asked, per kind
 * @param chunks    chunks with a vector when fitted
 * @param fittedAt  epoch milliseconds of the fit, 0 when not fitted
 */
public record FittedFusion(
        String source,
        Map<Script, FusionWeights> weights,
        Map<Script, FusionFit.Result> fits,
        Map<PseudoQuestions.Kind, Long> kinds,
        long chunks,
        long fittedAt) {

    public FittedFusion {
        weights = Map.copyOf(weights);
        fits = Map.copyOf(fits);
        kinds = Map.copyOf(kinds);
    }

    public static FittedFusion configured(Map<Script, FusionWeights> weights) {
        return new FittedFusion("configured", weights, Map.of(), Map.of(), 0, 0);
    }

    public FusionWeights forScript(Script script) {
        return weights.get(script);
    }
}

package kb.query.status;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.Locale;
import java.util.Map;
import kb.query.config.EvidenceWeights;
import kb.query.config.FusionMethod;
import kb.query.search.FittedFusion;
import kb.query.search.FusionFit;
import kb.query.search.FusionWeights;
import kb.query.search.SearchService;
import kb.query.search.terms.PseudoQuestions;
import kb.query.search.terms.Script;

/** The fusion block of {@code /api/v1/status}; the evidence fields only when the evidence fusion is served. */
public record FusionStatus(
        String method,
        @JsonInclude(JsonInclude.Include.NON_NULL) EvidenceWeights evidence,
        @JsonInclude(JsonInclude.Include.NON_NULL) EvidenceWeights evidenceConfigured,
        @JsonInclude(JsonInclude.Include.NON_NULL) Double chunksPerDocument,
        String source,
        boolean settled,
        Map<Script, FusionWeights> weights,
        Map<Script, FusionFit.Result> fits,
        Map<PseudoQuestions.Kind, Long> pseudoQuestions,
        long chunks,
        long fittedAt) {

    /**
     * The fusion in force: its method and, for evidence, its weights as balanced for the corpus's chunks per
     * document and as configured; the rank fusion's weights, why, and whether they (and the gate) were fitted on the
     * corpus as it is ({@code settled}).
     */
    public static FusionStatus of(SearchService search, boolean settled) {
        FittedFusion fusion = search.fusion();
        FusionMethod method = search.fusionMethod();
        boolean evidence = method == FusionMethod.EVIDENCE;
        return new FusionStatus(
                method.name().toLowerCase(Locale.ROOT),
                evidence ? search.evidenceWeights() : null,
                evidence ? search.configuredEvidenceWeights() : null,
                evidence ? search.gateThreshold().chunksPerDocument() : null,
                fusion.source(),
                settled,
                fusion.weights(),
                fusion.fits(),
                fusion.kinds(),
                fusion.chunks(),
                fusion.fittedAt());
    }
}

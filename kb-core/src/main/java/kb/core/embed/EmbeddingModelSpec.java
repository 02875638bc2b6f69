package kb.core.embed;

import dev.langchain4j.model.embedding.EmbeddingModel;
import dev.langchain4j.model.embedding.onnx.allminilml6v2q.AllMiniLmL6V2QuantizedEmbeddingModel;
import dev.langchain4j.model.embedding.onnx.bgesmallenv15q.BgeSmallEnV15QuantizedEmbeddingModel;
import dev.langchain4j.model.embedding.onnx.bgesmallzhv15q.BgeSmallZhV15QuantizedEmbeddingModel;
import java.util.Arrays;
import java.util.Locale;
import java.util.function.Supplier;

/**
 * The models that ship inside Maven artifacts (LangChain4j's packaged ONNX models), with the prefix each
 * one's queries take (where measured, the one that retrieves best). Passages take no prefix for any of them.
 */
public enum EmbeddingModelSpec {

    /** Gate threshold calibrated on the scenario set (README, "Honesty gate"). */
    BGE_SMALL_EN_V15_Q("bge-small-en-v1.5-q", 384,
            "Represent this sentence for searching relevant passages: ", 0.62,
            BgeSmallEnV15QuantizedEmbeddingModel::new),
    /** Gate threshold not calibrated: a starting point only. */
    ALL_MINILM_L6_V2_Q("all-minilm-l6-v2-q", 384, "", 0.40, AllMiniLmL6V2QuantizedEmbeddingModel::new),
    /**
     * Gate threshold not calibrated: a starting point only. No query instruction: BGE's authors make it optional
     * for v1.5, and without it stard-zh-dev's vector nDCG@10 rose from 0.421 to 0.443 (exact kNN, 308 questions).
     */
    BGE_SMALL_ZH_V15_Q("bge-small-zh-v1.5-q", 512, "", 0.62,
            BgeSmallZhV15QuantizedEmbeddingModel::new);

    private final String id;
    private final int dimensions;
    private final String queryPrefix;
    private final double defaultGateMinCosine;
    private final Supplier<EmbeddingModel> loader;

    EmbeddingModelSpec(String id, int dimensions, String queryPrefix, double defaultGateMinCosine,
                       Supplier<EmbeddingModel> loader) {
        this.id = id;
        this.dimensions = dimensions;
        this.queryPrefix = queryPrefix;
        this.defaultGateMinCosine = defaultGateMinCosine;
        this.loader = loader;
    }

    /** Cosine similarities are model-specific: so is the honesty gate's default threshold. */
    public double defaultGateMinCosine() {
        return defaultGateMinCosine;
    }

    public String id() {
        return id;
    }

    public int dimensions() {
        return dimensions;
    }

    public String queryPrefix() {
        return queryPrefix;
    }

    EmbeddingModel load() {
        return loader.get();
    }

    public static EmbeddingModelSpec byId(String id) {
        String wanted = id.toLowerCase(Locale.ROOT);
        return Arrays.stream(values())
                .filter(spec -> spec.id.equals(wanted))
                .findFirst()
                .orElseThrow(() -> new IllegalArgumentException("unknown embedding model '" + id + "', known: "
                        + Arrays.stream(values()).map(EmbeddingModelSpec::id).toList()));
    }
}

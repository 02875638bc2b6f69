package kb.search.embed;

import dev.langchain4j.model.embedding.EmbeddingModel;
import dev.langchain4j.model.embedding.onnx.PoolingMode;
import java.util.Arrays;
import java.util.Locale;

/**
 * The models that ship inside Maven artifacts (LangChain4j's packaged ONNX models), with the prefix each
 * one's queries take (where measured, the one that retrieves best). Passages take no prefix for any of them.
 * Each model is loaded once per process and shared by every caller.
 */
public enum EmbeddingModelSpec {

    /** Gate threshold calibrated on the scenario set (docs/how-it-works.md, "Honesty gate"). */
    BGE_SMALL_EN_V15_Q(
            "bge-small-en-v1.5-q",
            384,
            "Represent this sentence for searching relevant passages: ",
            0.62,
            PoolingMode.CLS),
    /** Gate threshold not calibrated: a starting point only. */
    ALL_MINILM_L6_V2_Q("all-minilm-l6-v2-q", 384, "", 0.40, PoolingMode.MEAN),
    /**
     * Gate threshold not calibrated: a starting point only. No query instruction: BGE's authors make it optional
     * for v1.5, and without it stard-zh-dev's vector nDCG@10 rose from 0.421 to 0.443 (exact kNN, 308 questions).
     */
    BGE_SMALL_ZH_V15_Q("bge-small-zh-v1.5-q", 512, "", 0.62, PoolingMode.CLS);

    /** Also the name of the model's files in its LangChain4j artifact: {@code ID.onnx}, {@code ID-tokenizer.json}. */
    private final String id;

    private final int dimensions;
    private final String queryPrefix;
    private final double defaultGateMinCosine;
    private final PoolingMode pooling;
    private EmbeddingModel loaded;

    EmbeddingModelSpec(
            String id, int dimensions, String queryPrefix, double defaultGateMinCosine, PoolingMode pooling) {
        this.id = id;
        this.dimensions = dimensions;
        this.queryPrefix = queryPrefix;
        this.defaultGateMinCosine = defaultGateMinCosine;
        this.pooling = pooling;
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

    /** The model, loaded on first use (a session of 20-35 MB): one per process, as LangChain4j's own classes do. */
    synchronized EmbeddingModel load() {
        if (loaded == null) {
            loaded = new PackagedOnnxModel(id, pooling, dimensions);
        }
        return loaded;
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

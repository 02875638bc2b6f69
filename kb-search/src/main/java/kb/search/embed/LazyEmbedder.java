package kb.search.embed;

import java.util.List;

/**
 * A packaged model loaded on its first use, not at start: the by-language default starts as fast as one model,
 * and the second model is loaded when the first text of its script arrives.
 */
final class LazyEmbedder implements Embedder {

    private final EmbeddingModelSpec spec;
    private volatile OnnxEmbedder loaded;

    LazyEmbedder(EmbeddingModelSpec spec) {
        this.spec = spec;
    }

    @Override
    public String modelId() {
        return spec.id();
    }

    @Override
    public int dimensions() {
        return spec.dimensions();
    }

    @Override
    public List<float[]> embedPassages(List<String> passages) {
        return model().embedPassages(passages);
    }

    @Override
    public float[] embedQuery(String query) {
        return model().embedQuery(query);
    }

    private OnnxEmbedder model() {
        OnnxEmbedder model = loaded;
        if (model == null) {
            synchronized (this) {
                if (loaded == null) {
                    loaded = new OnnxEmbedder(spec);
                }
                model = loaded;
            }
        }
        return model;
    }
}

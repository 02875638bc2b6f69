package kb.testkit;

import java.util.List;
import kb.search.embed.Embedder;

/** Stands in for a model where only its id and size matter (an index definition, routing): every vector is zero. */
public record StubEmbedder(String modelId, int dimensions) implements Embedder {

    @Override
    public List<float[]> embedPassages(List<String> passages) {
        return passages.stream().map(p -> new float[dimensions]).toList();
    }

    @Override
    public float[] embedQuery(String query) {
        return new float[dimensions];
    }
}

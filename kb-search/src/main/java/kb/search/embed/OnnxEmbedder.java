package kb.search.embed;

import dev.langchain4j.data.embedding.Embedding;
import dev.langchain4j.data.segment.TextSegment;
import dev.langchain4j.model.embedding.EmbeddingModel;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * In-process ONNX embedding through LangChain4j; the model loads once and is shared by every caller. Every call into
 * ONNX Runtime goes through {@link NativeCalls}, so the JVM never exits in the middle of one.
 */
public final class OnnxEmbedder implements Embedder {

    private static final Logger LOG = LoggerFactory.getLogger(OnnxEmbedder.class);

    private final EmbeddingModelSpec spec;
    private final EmbeddingModel model;

    public OnnxEmbedder(EmbeddingModelSpec spec) {
        long start = System.nanoTime();
        this.spec = spec;
        this.model = NativeCalls.run(spec::load);
        LOG.info("model {} loaded in {} ms", spec.id(), (System.nanoTime() - start) / 1_000_000);
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
        if (passages.isEmpty()) {
            return List.of();
        }
        List<TextSegment> segments =
                passages.stream().map(OnnxEmbedder::segment).toList();
        return NativeCalls.run(() -> model.embedAll(segments)).content().stream()
                .map(Embedding::vector)
                .toList();
    }

    @Override
    public float[] embedQuery(String query) {
        TextSegment segment = segment(spec.queryPrefix() + query);
        return NativeCalls.run(() -> model.embed(segment)).content().vector();
    }

    /** LangChain4j refuses blank segments; a blank chunk still needs a vector of the right size. */
    private static TextSegment segment(String text) {
        return TextSegment.from(text.isBlank() ? "-" : text);
    }
}

package kb.search.embed;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.langchain4j.data.segment.TextSegment;
import dev.langchain4j.model.embedding.onnx.bgesmallenv15q.BgeSmallEnV15QuantizedEmbeddingModel;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The real packaged model, run one thread per text: the same vectors as LangChain4j's own class gives. */
class PackagedOnnxModelTest {

    private static final List<String> TEXTS = List.of(
            "ERR_TIMEOUT: the upstream bank API did not answer within 30 seconds.",
            "Install GitLab with the Omnibus package, then set external_url in gitlab.rb.",
            "上游银行接口在 30 秒内没有响应。");

    @Test
    void shouldGiveTheVectorsOfLangChain4jsOwnModelClass() {
        var ours = EmbeddingModelSpec.BGE_SMALL_EN_V15_Q.load();
        var theirs = new BgeSmallEnV15QuantizedEmbeddingModel();
        List<TextSegment> segments = TEXTS.stream().map(TextSegment::from).toList();
        var a = ours.embedAll(segments).content();
        var b = theirs.embedAll(segments).content();
        assertEquals(384, ours.dimension());
        for (int i = 0; i < TEXTS.size(); i++) {
            double cosine = cosine(a.get(i).vector(), b.get(i).vector());
            assertTrue(cosine > 0.9999, "text " + i + ": cosine " + cosine);
        }
    }

    @Test
    void shouldLoadEachModelOncePerProcess() {
        assertSame(EmbeddingModelSpec.BGE_SMALL_EN_V15_Q.load(), EmbeddingModelSpec.BGE_SMALL_EN_V15_Q.load());
    }

    private static double cosine(float[] x, float[] y) {
        double dot = 0;
        double nx = 0;
        double ny = 0;
        for (int i = 0; i < x.length; i++) {
            dot += x[i] * y[i];
            nx += x[i] * x[i];
            ny += y[i] * y[i];
        }
        return dot / Math.sqrt(nx * ny);
    }
}

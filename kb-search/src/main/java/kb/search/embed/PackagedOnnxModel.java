package kb.search.embed;

import ai.onnxruntime.OrtEnvironment;
import ai.onnxruntime.OrtException;
import ai.onnxruntime.OrtSession;
import dev.langchain4j.model.embedding.onnx.AbstractInProcessEmbeddingModel;
import dev.langchain4j.model.embedding.onnx.OnnxBertBiEncoder;
import dev.langchain4j.model.embedding.onnx.PoolingMode;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import kb.core.runtime.Threads;

/**
 * One of LangChain4j's packaged ONNX models, run with one thread per text.
 *
 * <p>LangChain4j already embeds the texts of one call in parallel, one per core; its own session then also
 * lets ONNX Runtime split each text over every physical core. Where the machine reports its cores as physical
 * (2 cores, 1 thread per core), each text wanted 2 threads while 2 texts ran at once: 3-4 busy threads on 2
 * cores, with ONNX Runtime's workers spinning while they waited, and about 1.4 times the CPU per chunk
 * (measured with {@code kb bench}; docs/decisions/embedding-threads.md). Where it reports one physical
 * core, the two set-ups are the same. So the session here runs each text on the calling thread alone, and the
 * texts of a call go to a shared pool of one thread per core.
 */
final class PackagedOnnxModel extends AbstractInProcessEmbeddingModel {

    private static final ExecutorService TEXTS = Executors.newFixedThreadPool(
            Runtime.getRuntime().availableProcessors(), Threads.numberedDaemons("kb-embed"));

    private final OnnxBertBiEncoder encoder;
    private final int dimensions;

    /** @param name the model's resources in its jar: {@code NAME.onnx} and {@code NAME-tokenizer.json} */
    PackagedOnnxModel(String name, PoolingMode pooling, int dimensions) {
        super(TEXTS);
        this.dimensions = dimensions;
        try (InputStream tokenizer = resource(name + "-tokenizer.json")) {
            OrtEnvironment environment = HeldEnvironment.get();
            this.encoder = new OnnxBertBiEncoder(environment, session(environment, name), tokenizer, pooling);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read the model " + name, e);
        }
    }

    private static OrtSession session(OrtEnvironment environment, String name) throws IOException {
        try (InputStream model = resource(name + ".onnx");
                var options = new OrtSession.SessionOptions()) {
            options.setIntraOpNumThreads(1);
            options.setInterOpNumThreads(1);
            options.setExecutionMode(OrtSession.SessionOptions.ExecutionMode.SEQUENTIAL);
            return environment.createSession(model.readAllBytes(), options);
        } catch (OrtException e) {
            throw new IllegalStateException("ONNX Runtime cannot load the model " + name, e);
        }
    }

    private static InputStream resource(String name) throws IOException {
        InputStream in = PackagedOnnxModel.class.getClassLoader().getResourceAsStream(name);
        if (in == null) {
            throw new IOException("no resource " + name + " on the class path (is its LangChain4j artifact there?)");
        }
        return in;
    }

    @Override
    protected OnnxBertBiEncoder model() {
        return encoder;
    }

    @Override
    protected Integer knownDimension() {
        return dimensions;
    }
}

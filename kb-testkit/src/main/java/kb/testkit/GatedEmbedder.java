package kb.testkit;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.function.Predicate;
import kb.search.embed.Embedder;

/**
 * The real model behind a gate: passages wait until the test opens it, so "searchable before embedded" and
 * the order in which a backlog is embedded can be checked without racing the embedder. Records every
 * passage in the order it was embedded; passages matching {@code refuse} fail as an unusable text would.
 */
public final class GatedEmbedder implements Embedder {

    private final Embedder model;
    private final CountDownLatch gate = new CountDownLatch(1);
    private final Predicate<String> refuse;
    private final List<String> embedded = new ArrayList<>();

    public GatedEmbedder(Embedder model, Predicate<String> refuse) {
        this.model = model;
        this.refuse = refuse;
    }

    public GatedEmbedder(Embedder model) {
        this(model, text -> false);
    }

    public void open() {
        gate.countDown();
    }

    /** Passages embedded so far, in order. */
    public synchronized List<String> embedded() {
        return List.copyOf(embedded);
    }

    @Override
    public String modelId() {
        return model.modelId();
    }

    @Override
    public int dimensions() {
        return model.dimensions();
    }

    @Override
    public List<float[]> embedPassages(List<String> passages) {
        try {
            gate.await();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted at the gate", e);
        }
        if (passages.stream().anyMatch(refuse)) {
            throw new IllegalArgumentException("the model cannot take this text");
        }
        List<float[]> vectors = model.embedPassages(passages);
        synchronized (this) {
            embedded.addAll(passages);
        }
        return new ArrayList<>(vectors);
    }

    @Override
    public float[] embedQuery(String query) {
        return model.embedQuery(query);
    }
}

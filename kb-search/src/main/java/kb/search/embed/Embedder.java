package kb.search.embed;

import java.util.List;

/**
 * Turns text into unit vectors. Passages and queries are separate calls because some models (bge) want
 * an instruction before the query and nothing before the passage.
 */
public interface Embedder {

    /** The model's name as configured, recorded in the index's {@code _meta}. */
    String modelId();

    int dimensions();

    /** One vector per passage, in order. */
    List<float[]> embedPassages(List<String> passages);

    float[] embedQuery(String query);
}

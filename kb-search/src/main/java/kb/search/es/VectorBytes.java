package kb.search.es;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.Base64;

/**
 * A vector as the {@link ChunkFields#VECTOR_BYTES} binary field holds it: float32, little-endian, base64 in JSON (how
 * Elasticsearch reads and returns a binary field). Four bytes a dimension, where the JSON array took about ten
 * characters and a float parse each.
 */
public final class VectorBytes {

    private VectorBytes() {}

    public static String encode(float[] vector) {
        ByteBuffer bytes = ByteBuffer.allocate(Float.BYTES * vector.length).order(ByteOrder.LITTLE_ENDIAN);
        bytes.asFloatBuffer().put(vector);
        return Base64.getEncoder().encodeToString(bytes.array());
    }

    /** The vector of {@link #encode}'s text; an {@link IllegalArgumentException} for text that is not one. */
    public static float[] decode(String base64) {
        byte[] bytes = Base64.getDecoder().decode(base64);
        if (bytes.length % Float.BYTES != 0) {
            throw new IllegalArgumentException("not a float32 vector: " + bytes.length + " bytes");
        }
        float[] vector = new float[bytes.length / Float.BYTES];
        ByteBuffer.wrap(bytes).order(ByteOrder.LITTLE_ENDIAN).asFloatBuffer().get(vector);
        return vector;
    }
}

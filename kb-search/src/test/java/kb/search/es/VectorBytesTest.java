package kb.search.es;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;

import com.fasterxml.jackson.databind.JsonNode;
import kb.core.Json;
import org.junit.jupiter.api.Test;

class VectorBytesTest {

    @Test
    void shouldGiveBackTheSameFloatsFourBytesADimension() {
        float[] vector = {0.25f, -1.5f, Float.MIN_VALUE, 3.4028235e38f, -0.0f};
        String text = VectorBytes.encode(vector);
        assertEquals(28, text.length(), "20 bytes in base64");
        assertArrayEquals(vector, VectorBytes.decode(text));
        assertEquals("AACAPg==", VectorBytes.encode(new float[] {0.25f}), "little-endian, as written");
    }

    @Test
    void shouldRefuseBytesThatAreNotWholeFloats() {
        assertThrows(IllegalArgumentException.class, () -> VectorBytes.decode("AAEC"));
    }

    @Test
    void shouldWriteAChunksVectorInBothFormsAndNeitherBeforeItIsEmbedded() throws Exception {
        float[] zh = {0.6f, 0.8f};
        JsonNode embedded = Json.MAPPER.valueToTree(chunk(null, zh));
        assertEquals(2, embedded.get(ChunkFields.EMBEDDING_ZH).size());
        assertArrayEquals(
                zh, VectorBytes.decode(embedded.get(ChunkFields.VECTOR_BYTES).asText()));
        JsonNode pending = Json.MAPPER.valueToTree(chunk(null, null));
        assertFalse(pending.has(ChunkFields.VECTOR_BYTES));
        assertFalse(pending.has(ChunkFields.EMBEDDING));
    }

    private static ChunkDoc chunk(float[] embedding, float[] embeddingZh) {
        return new ChunkDoc(
                "c",
                "d",
                "kb",
                "p.md",
                "T",
                "notes",
                "md",
                null,
                "text",
                "text",
                null,
                "text",
                "t",
                "m:h",
                1,
                embedding,
                embeddingZh,
                0,
                0,
                0,
                null,
                null,
                null,
                null,
                null);
    }
}

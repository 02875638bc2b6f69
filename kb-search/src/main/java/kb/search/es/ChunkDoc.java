package kb.search.es;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonNaming;
import java.util.List;
import kb.core.Location;

/**
 * A chunk as stored in the chunk index. The vector fields and {@link ChunkFields#VECTOR_BYTES} are indexed but kept out
 * of the stored {@code _source}, so a chunk read back from a search has neither vector.
 *
 * @param embeddingKey model id + hash of the enriched text: the embedding cache's key
 * @param lexicalText  the enriched text's terms (Chinese characters and bigrams, English stemmed), space-separated
 * @param lexicalTitle the title's terms, likewise
 * @param generation   the document version that wrote this chunk
 * @param embedding    null until the sink's vector pass has embedded the text (the field is then absent), and
 *                     for a chunk in CJK script under the by-language models
 * @param embeddingZh  the vector of a chunk in CJK script under the by-language models, else null
 * @param tags         the document's tags as written (shown with results); null in an index of before tags
 * @param aliases      the document's aliases; null in an index of before tags
 * @param tagPaths     the tags and their ancestors in filter form ({@link kb.core.NoteFilters}): what {@code tag=} matches
 * @param properties   the frontmatter's {@code name:value} terms in filter form: what {@code where=} matches
 * @param location     where the chunk is in its document ({@link kb.core.Location}), or null when unknown
 */
@JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
public record ChunkDoc(
        String chunkId,
        String docId,
        String collection,
        String path,
        String title,
        String category,
        String format,
        String sectionHeader,
        String text,
        String enrichedText,
        List<String> keywords,
        String lexicalText,
        String lexicalTitle,
        String embeddingKey,
        long generation,
        @JsonInclude(JsonInclude.Include.NON_NULL) float[] embedding,
        @JsonInclude(JsonInclude.Include.NON_NULL) float[] embeddingZh,
        int ordinal,
        long eventTime,
        long indexedTime,
        List<String> tags,
        List<String> aliases,
        List<String> tagPaths,
        List<String> properties,
        Location location) {

    /** The vector, whichever field holds it, in {@link ChunkFields#VECTOR_BYTES}'s form; null before it is embedded. */
    @JsonProperty(ChunkFields.VECTOR_BYTES)
    @JsonInclude(JsonInclude.Include.NON_NULL)
    String vectorBytes() {
        float[] vector = vector();
        return vector == null ? null : VectorBytes.encode(vector);
    }

    private float[] vector() {
        return embedding != null ? embedding : embeddingZh;
    }
}

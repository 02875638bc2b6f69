package kb.core.es;

import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonNaming;
import java.util.List;

/** A document's card plus its content (stored, not indexed) in the document index. */
@JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
public record CardDoc(
        String docId,
        String collection,
        String path,
        String title,
        List<String> keywords,
        String summary,
        String category,
        String format,
        String contentHash,
        long size,
        int chunkCount,
        long eventTime,
        long indexedTime,
        String content) {
}

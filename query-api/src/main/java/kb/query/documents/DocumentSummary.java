package kb.query.documents;

import java.util.List;

/** One line of the document listing. */
record DocumentSummary(
        String docId,
        String collection,
        String path,
        String title,
        String category,
        String format,
        List<String> keywords,
        int chunkCount,
        long updatedAt,
        List<String> tags) {}

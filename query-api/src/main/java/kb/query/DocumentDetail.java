package kb.query;

import java.util.List;
import kb.core.es.CardDoc;

/** One document: its card and its full content. */
public record DocumentDetail(String docId, String collection, String path, String title, String category, String format,
                             List<String> keywords, String summary, int chunkCount, long size, String contentHash,
                             long updatedAt, String content) {

    static DocumentDetail of(CardDoc card) {
        return new DocumentDetail(card.docId(), card.collection(), card.path(), card.title(), card.category(), card.format(),
                card.keywords(), card.summary(), card.chunkCount(), card.size(), card.contentHash(),
                card.eventTime(), card.content());
    }
}

package kb.core;

import java.util.List;

/**
 * Every chunk of one version of one document, with its card and content, published on {@code kb.chunks}
 * keyed by doc id. Travelling together lets the sink replace a document's chunk set in one step and
 * remove the chunks that no longer exist.
 *
 * @param card    the document's card (the same one published on {@code kb.documents})
 * @param content the document's full text, stored for previews and LLM context
 * @param chunks  the chunks, in document order
 */
public record DocumentChunks(DocumentCard card, String content, List<Chunk> chunks) {

    public DocumentChunks {
        chunks = List.copyOf(chunks);
    }

    public String docId() {
        return card.docId();
    }
}

package kb.query.answer;

import java.io.IOException;
import java.util.List;
import java.util.Optional;
import kb.query.documents.DocumentCatalog;
import kb.query.search.ChunkIndex;
import kb.search.es.CardDoc;
import kb.search.es.ChunkDoc;

/** Where a lookup reads its primary document's text: its chunks in file order and its card. */
public interface DocumentTexts {

    /** The document's chunks in their order in the file. */
    List<ChunkDoc> chunksOf(String docId) throws IOException;

    /** The document's card (its whole text as indexed), when the catalogue has it. */
    Optional<CardDoc> card(String docId) throws IOException;

    /** The index's chunks and the catalogue's cards. */
    static DocumentTexts of(ChunkIndex chunks, DocumentCatalog catalog) {
        return new DocumentTexts() {
            @Override
            public List<ChunkDoc> chunksOf(String docId) throws IOException {
                return chunks.chunksOf(docId);
            }

            @Override
            public Optional<CardDoc> card(String docId) throws IOException {
                return catalog.get(docId);
            }
        };
    }
}

package kb.query.l0;

import kb.core.DocumentCard;

/**
 * An in-memory view kept equal to the {@code kb.documents} topic by {@link KeywordFeed}: updates arrive one card at
 * a time and become visible together at {@link #publish()}.
 */
public interface CardListener {

    void put(DocumentCard card);

    void remove(String docId);

    /** Makes the updates so far visible (one rebuild for a batch of updates). */
    void publish();
}

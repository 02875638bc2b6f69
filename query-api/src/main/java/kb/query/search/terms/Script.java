package kb.query.search.terms;

import kb.search.embed.Embeddings;

/**
 * The writing system a question is mostly in. Cosine similarities of one model live in different ranges for
 * different scripts (an English model sees Chinese as little more than characters), so the honesty gate keeps
 * a threshold per script.
 */
public enum Script {
    LATIN,
    CJK;

    /** CJK when at least a third of the question's letters are ideographs, kana or hangul. */
    public static Script of(String text) {
        return Embeddings.mostlyCjk(text) ? CJK : LATIN;
    }
}

package kb.query.status;

import com.fasterxml.jackson.annotation.JsonUnwrapped;

/**
 * An answer (search, lookup, context) as it leaves the API: the answer's own fields, unchanged, and beside them
 * {@code index}, the index's state ({@link IndexState}). A field added, none changed: clients that do not know it
 * read the answer as before.
 */
public record WithIndexState<T>(@JsonUnwrapped T answer, IndexState index) {

    /** @param found whether the answer found something: an empty answer says whether it may be "not yet" */
    public static <T> WithIndexState<T> of(T answer, boolean found, IndexState state) {
        return new WithIndexState<>(answer, state.forAnswer(found));
    }
}

package kb.query.api;

import java.io.IOException;
import java.util.List;
import java.util.TreeSet;
import java.util.function.Supplier;
import kb.query.errors.BadRequestException;
import kb.query.search.Scope;

/**
 * A read's {@code collection=} names a collection there is, else a 400 naming those there are: an unknown name
 * would otherwise answer {@code found: false}, which reads as "the knowledge base does not know". A collection
 * served here passes at once; only another name asks the index for its collections, so a question costs no
 * request more.
 */
public final class CollectionCheck {

    /** The index's collections; may fail when Elasticsearch does not answer. */
    @FunctionalInterface
    public interface Indexed {
        Iterable<String> collections() throws IOException;
    }

    private final Supplier<List<String>> served;
    private final Indexed indexed;

    public CollectionCheck(Supplier<List<String>> served, Indexed indexed) {
        this.served = served;
        this.indexed = indexed;
    }

    /** The check over this API's folders and its document catalogue. */
    public static CollectionCheck of(ApiServices services) {
        return new CollectionCheck(
                () -> services.documents().files().collections(),
                () -> services.documents().catalog().countsByCollection().keySet());
    }

    /** @throws BadRequestException when the scope names a collection neither served nor indexed */
    public void check(Scope scope) {
        String asked = scope.collection();
        if (asked == null || served.get().contains(asked)) {
            return;
        }
        TreeSet<String> known = new TreeSet<>(served.get());
        try {
            indexed.collections().forEach(known::add);
        } catch (IOException e) {
            return; // Elasticsearch does not answer: the read says so itself (degraded); no reason to refuse it
        }
        if (!known.contains(asked)) {
            throw new BadRequestException("no collection '" + asked + "'; "
                    + (known.isEmpty() ? "there is none yet" : "the collections are " + String.join(", ", known)));
        }
    }
}

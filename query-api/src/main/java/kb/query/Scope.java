package kb.query;

import co.elastic.clients.elasticsearch._types.query_dsl.Query;
import java.util.ArrayList;
import java.util.List;
import kb.core.CollectionFolder;
import kb.core.es.ChunkFields;
import kb.query.l0.L0Hit;

/**
 * The part of the knowledge base a question is about: one collection, one category (first folder), both or
 * neither. The same filter for search, lookup, context, the document list and the MCP tools.
 *
 * @param collection a collection name, or null for every collection
 * @param category   a first folder, or null for every category
 */
public record Scope(String collection, String category) {

    public static final Scope ALL = new Scope(null, null);

    public Scope {
        collection = blankToNull(collection);
        category = blankToNull(category);
        if (collection != null && !CollectionFolder.isValidName(collection)) {
            throw new BadRequestException("collection '" + collection + "' is not a collection name: lower-case "
                    + "letters, digits, '.', '_' and '-', starting with a letter or digit");
        }
    }

    public static Scope category(String category) {
        return new Scope(null, category);
    }

    public boolean isAll() {
        return collection == null && category == null;
    }

    boolean admits(L0Hit hit) {
        return (collection == null || collection.equals(hit.collection()))
                && (category == null || category.equals(hit.category()));
    }

    /** The Elasticsearch filter (chunks and documents carry both fields), or null for everything. */
    Query filter() {
        List<Query> terms = new ArrayList<>();
        if (collection != null) {
            terms.add(Query.of(q -> q.term(t -> t.field(ChunkFields.COLLECTION).value(collection))));
        }
        if (category != null) {
            terms.add(Query.of(q -> q.term(t -> t.field(ChunkFields.CATEGORY).value(category))));
        }
        if (terms.isEmpty()) {
            return null;
        }
        return terms.size() == 1 ? terms.get(0) : Query.of(q -> q.bool(b -> b.filter(terms)));
    }

    private static String blankToNull(String value) {
        return value == null || value.isBlank() ? null : value.strip();
    }
}

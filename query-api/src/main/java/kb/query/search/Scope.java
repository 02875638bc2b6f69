package kb.query.search;

import co.elastic.clients.elasticsearch._types.query_dsl.Query;
import java.util.ArrayList;
import java.util.List;
import java.util.function.UnaryOperator;
import kb.core.NoteFilters;
import kb.core.settings.CollectionFolder;
import kb.query.errors.BadRequestException;
import kb.query.l0.L0Hit;
import kb.search.es.ChunkFields;

/**
 * The part of the knowledge base a question is about: a collection, a category (first folder), tags and
 * frontmatter properties, each optional, all of them required together. The same filter for search, lookup,
 * context, the document list and the MCP tools, applied to every arm: Elasticsearch's ({@link #filter()}) and
 * L0's ({@link #admits(L0Hit)}).
 *
 * @param collection a collection name, or null for every collection
 * @param category   a first folder, or null for every category
 * @param tags       tags a document must all carry (a nested tag's ancestor matches it), in filter form
 * @param where      {@code name:value} properties a document must all have, in filter form
 */
public record Scope(String collection, String category, List<String> tags, List<String> where) {

    public static final Scope ALL = new Scope(null, null);
    /** More than this many tag or property filters in one request is a 400, not a huge query. */
    static final int MAX_FILTERS = 20;

    public Scope {
        collection = blankToNull(collection);
        category = blankToNull(category);
        if (collection != null && !CollectionFolder.isValidName(collection)) {
            throw new BadRequestException("collection '" + collection + "' is not a collection name: lower-case "
                    + "letters, digits, '.', '_' and '-', starting with a letter or digit");
        }
        tags = normalised(tags, "tag", NoteFilters::tag);
        where = normalised(where, "where", Scope::property);
    }

    public Scope(String collection, String category) {
        this(collection, category, List.of(), List.of());
    }

    public static Scope category(String category) {
        return new Scope(null, category);
    }

    public boolean isAll() {
        return collection == null && category == null && tags.isEmpty() && where.isEmpty();
    }

    boolean admits(L0Hit hit) {
        return (collection == null || collection.equals(hit.collection()))
                && (category == null || category.equals(hit.category()))
                && hit.tagPaths().containsAll(tags)
                && hit.properties().containsAll(where);
    }

    /** The Elasticsearch filter (chunks and documents carry every field), or null for everything. */
    public Query filter() {
        List<Query> terms = new ArrayList<>();
        if (collection != null) {
            terms.add(term(ChunkFields.COLLECTION, collection));
        }
        if (category != null) {
            terms.add(term(ChunkFields.CATEGORY, category));
        }
        tags.forEach(tag -> terms.add(term(ChunkFields.TAG_PATHS, tag)));
        where.forEach(property -> terms.add(term(ChunkFields.PROPERTIES, property)));
        if (terms.isEmpty()) {
            return null;
        }
        return terms.size() == 1 ? terms.get(0) : Query.of(q -> q.bool(b -> b.filter(terms)));
    }

    private static Query term(String field, String value) {
        return Query.of(q -> q.term(t -> t.field(field).value(value)));
    }

    /** {@code name:value}, split on the first colon: {@code where=url:http://x} is the property {@code url}. */
    private static String property(String filter) {
        int colon = filter.indexOf(':');
        if (colon <= 0) {
            throw new BadRequestException("where '" + filter + "' is not name:value (for example where=status:draft)");
        }
        return NoteFilters.property(filter.substring(0, colon), filter.substring(colon + 1));
    }

    private static List<String> normalised(List<String> values, String name, UnaryOperator<String> form) {
        if (values == null) {
            return List.of();
        }
        List<String> kept = values.stream()
                .filter(v -> v != null && !v.isBlank())
                .map(form)
                .distinct()
                .toList();
        if (kept.size() > MAX_FILTERS) {
            throw new BadRequestException("at most " + MAX_FILTERS + " " + name + " filters, got " + kept.size());
        }
        return kept;
    }

    private static String blankToNull(String value) {
        return value == null || value.isBlank() ? null : value.strip();
    }
}

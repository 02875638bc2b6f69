package kb.query.search.corpus;

import co.elastic.clients.elasticsearch.ElasticsearchClient;
import co.elastic.clients.elasticsearch.core.MsearchResponse;
import co.elastic.clients.elasticsearch.core.msearch.MultiSearchResponseItem;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import kb.search.es.ChunkDoc;
import kb.search.es.ChunkFields;

/**
 * Include fragments and the pages that include them. Site generators keep text shared by several pages in a folder
 * whose name starts with an underscore ({@code _common/}, {@code _includes/}, {@code _partials/}): it is never a
 * page of the site, each page that names it in an include ({@code {{% include "_common/options.md" %}}}) shows its
 * text. In the folder as kept, the fragment holds the words and the page holds only the include, so a question
 * about that text finds the fragment first, which a reader cannot open as a page. The fusion counts a fragment's
 * evidence as its includers' (see {@code EvidenceFusion}).
 *
 * <p>A fragment is a document under such a folder that some other document names by its path from that folder on;
 * a folder's own list page ({@code _index.md}) is a page, not a fragment. One {@code _msearch} per question that
 * has a fragment among its candidates; none otherwise.
 */
public final class IncludeFragments {

    /** Includers read per fragment at most: a fragment shared by more pages says little about any one of them. */
    private static final int MAX_INCLUDERS = 20;

    private final ElasticsearchClient client;
    private final String chunksAlias;

    public IncludeFragments(ElasticsearchClient client, String chunksAlias) {
        this.client = client;
        this.chunksAlias = chunksAlias;
    }

    /**
     * The name by which a page includes the document at {@code path}: its path from the first folder whose name
     * starts with an underscore; empty when no folder of its path does.
     */
    public static Optional<String> includedName(String path) {
        if (path == null) {
            return Optional.empty();
        }
        String[] parts = path.replace('\\', '/').split("/");
        for (int i = 0; i < parts.length - 1; i++) {
            if (parts[i].startsWith("_") && parts[i].length() > 1) {
                return Optional.of(String.join("/", List.of(parts).subList(i, parts.length)));
            }
        }
        return Optional.empty();
    }

    /**
     * For each candidate document that is a fragment, the other documents whose text names it (one chunk of each
     * suffices); documents that are not fragments, or that nothing includes, are absent from the map.
     */
    public Map<String, Set<String>> includers(Collection<ChunkDoc> candidates) throws IOException {
        Map<String, String> names = new HashMap<>();
        for (ChunkDoc c : candidates) {
            includedName(c.path()).ifPresent(name -> names.putIfAbsent(c.docId(), name));
        }
        if (names.isEmpty()) {
            return Map.of();
        }
        List<String> fragments = new ArrayList<>(names.keySet());
        MsearchResponse<ChunkDoc> response = client.msearch(
                m -> {
                    m.index(chunksAlias);
                    for (String fragment : fragments) {
                        m.searches(s -> s.header(h -> h).body(b -> b.size(MAX_INCLUDERS)
                                .query(q ->
                                        q.bool(o -> o.must(p -> p.matchPhrase(f -> f.field(ChunkFields.ENRICHED_TEXT)
                                                        .query(names.get(fragment))))
                                                .mustNot(n -> n.term(t -> t.field(ChunkFields.DOC_ID)
                                                        .value(fragment)))))
                                .source(src -> src.filter(f -> f.includes(ChunkFields.DOC_ID)))));
                    }
                    return m;
                },
                ChunkDoc.class);
        Map<String, Set<String>> includers = new HashMap<>();
        List<MultiSearchResponseItem<ChunkDoc>> items = response.responses();
        for (int i = 0; i < items.size(); i++) {
            MultiSearchResponseItem<ChunkDoc> item = items.get(i);
            if (item.isFailure()) {
                throw new IOException(
                        "include search failed: " + item.failure().error().reason());
            }
            Set<String> docs = new LinkedHashSet<>();
            item.result().hits().hits().forEach(h -> docs.add(h.source().docId()));
            if (!docs.isEmpty()) {
                includers.put(fragments.get(i), docs);
            }
        }
        return includers;
    }
}

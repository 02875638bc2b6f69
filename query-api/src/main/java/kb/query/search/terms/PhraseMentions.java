package kb.query.search.terms;

import co.elastic.clients.elasticsearch.ElasticsearchClient;
import co.elastic.clients.elasticsearch.core.MsearchResponse;
import co.elastic.clients.elasticsearch.core.msearch.MultiSearchResponseItem;
import co.elastic.clients.elasticsearch.core.msearch.MultisearchBody;
import co.elastic.clients.util.ObjectBuilder;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import kb.search.es.ChunkFields;

/**
 * Whether the folder mentions a name with its version: for each {@link NamedTerms.Versioned}, whether some chunk's
 * text holds the name followed by the version, or the two written together ({@code VxWorks 6.9} and
 * {@code vxworks6.9} mention VxWorks 6, not VxWorks 7). The version is matched as a prefix, so {@code Grafana 11} is
 * mentioned by {@code Grafana 11.0.0}. One {@code _msearch} of counting searches (no hits fetched, counting stops at
 * the first chunk), asked only for a question that has such a pair.
 */
public final class PhraseMentions {

    private final ElasticsearchClient client;
    private final String chunksAlias;

    public PhraseMentions(ElasticsearchClient client, String chunksAlias) {
        this.client = client;
        this.chunksAlias = chunksAlias;
    }

    /** For each pair, in order: whether some chunk mentions it. */
    public List<Boolean> read(List<NamedTerms.Versioned> pairs) throws IOException {
        if (pairs.isEmpty()) {
            return List.of();
        }
        MsearchResponse<Void> response = client.msearch(
                m -> {
                    m.index(chunksAlias);
                    for (NamedTerms.Versioned pair : pairs) {
                        m.searches(s -> s.header(h -> h).body(b -> body(b, pair)));
                    }
                    return m;
                },
                Void.class);
        List<Boolean> mentioned = new ArrayList<>();
        for (MultiSearchResponseItem<Void> item : response.responses()) {
            mentioned.add(mentioned(item));
        }
        return mentioned;
    }

    /** A count of the chunks holding the pair, stopped at the first: no hit is fetched, no score kept. */
    static ObjectBuilder<MultisearchBody> body(MultisearchBody.Builder body, NamedTerms.Versioned pair) {
        return body.size(0)
                .trackTotalHits(t -> t.count(1))
                .query(q -> q.bool(o -> o.should(p -> p.matchPhrasePrefix(
                                f -> f.field(ChunkFields.ENRICHED_TEXT).query(pair.phrase())))
                        .should(p -> p.prefix(f -> f.field(ChunkFields.ENRICHED_TEXT)
                                .value(pair.glued().toLowerCase(Locale.ROOT))))));
    }

    /** Whether one count found a chunk; a count without a total is taken as mentioned. */
    static boolean mentioned(MultiSearchResponseItem<Void> item) throws IOException {
        if (item.isFailure()) {
            throw new IOException(
                    "mention count failed: " + item.failure().error().reason());
        }
        var total = item.result().hits().total();
        return total == null || total.value() > 0;
    }
}

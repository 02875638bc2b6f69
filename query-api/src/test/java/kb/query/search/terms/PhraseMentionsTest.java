package kb.query.search.terms;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import co.elastic.clients.elasticsearch.core.msearch.MultiSearchResponseItem;
import co.elastic.clients.elasticsearch.core.msearch.MultisearchBody;
import co.elastic.clients.elasticsearch.core.search.TotalHitsRelation;
import co.elastic.clients.json.JsonpUtils;
import co.elastic.clients.json.jackson.JacksonJsonpMapper;
import java.io.IOException;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The count a name-and-version pair is asked with, and its reading of canned responses (no Elasticsearch). */
class PhraseMentionsTest {

    private static final NamedTerms.Versioned VXWORKS_7 = new NamedTerms.Versioned("VxWorks", "7");

    private static MultiSearchResponseItem<Void> counted(long chunks) {
        return MultiSearchResponseItem.of(i -> i.result(r -> r.took(1)
                .timedOut(false)
                .shards(s -> s.total(1).successful(1).failed(0))
                .hits(h -> h.total(t -> t.value(chunks).relation(TotalHitsRelation.Eq))
                        .hits(List.of()))));
    }

    @Test
    void shouldCountThePhraseWithTheVersionAsAPrefixAndTheGluedFormWhenAPairIsAsked() {
        String body = JsonpUtils.toJsonString(
                PhraseMentions.body(new MultisearchBody.Builder(), VXWORKS_7).build(), new JacksonJsonpMapper());
        assertTrue(body.contains("\"size\":0"), body);
        assertTrue(body.contains("\"track_total_hits\":1"), body);
        assertTrue(body.contains("\"match_phrase_prefix\""), body);
        assertTrue(body.contains("VxWorks 7"), body);
        assertTrue(body.contains("\"vxworks7\""), body);
    }

    @Test
    void shouldReadMentionedOnlyWhenAChunkWasCounted() throws IOException {
        assertFalse(PhraseMentions.mentioned(counted(0)));
        assertTrue(PhraseMentions.mentioned(counted(1)));
    }

    @Test
    void shouldFailWhenTheCountFailed() {
        MultiSearchResponseItem<Void> failed = MultiSearchResponseItem.of(i -> i.failure(f -> f.status(500)
                .error(e -> e.type("search_phase_execution_exception").reason("boom"))));
        assertThrows(IOException.class, () -> PhraseMentions.mentioned(failed));
    }
}

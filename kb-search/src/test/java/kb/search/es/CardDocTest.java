package kb.search.es;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import kb.core.DocumentCard;
import kb.core.Json;
import kb.core.NoteMeta;
import org.junit.jupiter.api.Test;

class CardDocTest {

    private static final DocumentCard CARD = new DocumentCard(
            "kb:a.md",
            "kb",
            "notes/a.md",
            "A",
            List.of("k"),
            "sum",
            "notes",
            "md",
            "h",
            12,
            3,
            42,
            new NoteMeta(List.of("Area/Sub"), List.of("alias"), List.of("B"), Map.of("status", List.of("done"))));

    @Test
    void shouldWriteTheDocumentIndexFieldsWhenACardIsStored() {
        JsonNode source = Json.MAPPER.valueToTree(CardDoc.of(CARD, "text", 99));

        List<String> names = new ArrayList<>();
        source.fieldNames().forEachRemaining(names::add);
        assertEquals(
                List.of(
                        "doc_id",
                        "collection",
                        "path",
                        "title",
                        "keywords",
                        "summary",
                        "category",
                        "format",
                        "content_hash",
                        "size",
                        "chunk_count",
                        "event_time",
                        "indexed_time",
                        "content",
                        "tags",
                        "aliases",
                        "links",
                        "tag_paths",
                        "properties"),
                names);
        assertEquals("kb:a.md", source.get("doc_id").asText());
        assertEquals(3, source.get("chunk_count").asInt());
        assertEquals(List.of("area", "area/sub"), texts(source.get("tag_paths")));
        assertEquals(List.of("status:done"), texts(source.get("properties")));
    }

    @Test
    void shouldReadTheCardBackWhenASourceIsRead() throws Exception {
        String json = Json.MAPPER.writeValueAsString(CardDoc.of(CARD, "text", 99));

        CardDoc read = Json.MAPPER.readValue(json, CardDoc.class);

        NoteMeta notes = new NoteMeta(
                CARD.notes().tags(), CARD.notes().aliases(), CARD.notes().links(), Map.of());
        assertEquals(
                new DocumentCard(
                        CARD.docId(),
                        CARD.collection(),
                        CARD.path(),
                        CARD.title(),
                        CARD.keywords(),
                        CARD.summary(),
                        CARD.category(),
                        CARD.format(),
                        CARD.contentHash(),
                        CARD.size(),
                        CARD.chunkCount(),
                        CARD.eventTime(),
                        notes),
                read.card());
        assertEquals("text", read.content());
        assertEquals(99, read.indexedTime());
    }

    @Test
    void shouldReadAFilteredSourceWhenFieldsAreMissing() throws Exception {
        CardDoc read = Json.MAPPER.readValue("{\"chunk_count\":5,\"event_time\":7}", CardDoc.class);

        assertEquals(5, read.card().chunkCount());
        assertEquals(7, read.card().eventTime());
        assertEquals(List.of(), read.card().notes().tags());
        assertEquals(null, read.content());
    }

    private static List<String> texts(JsonNode array) {
        List<String> values = new ArrayList<>();
        array.forEach(v -> values.add(v.asText()));
        return values;
    }
}

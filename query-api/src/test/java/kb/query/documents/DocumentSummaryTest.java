package kb.query.documents;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import kb.core.DocumentCard;
import kb.core.Json;
import kb.core.NoteMeta;
import kb.query.links.LinkGraph;
import kb.search.es.CardDoc;
import org.junit.jupiter.api.Test;

class DocumentSummaryTest {

    private static final CardDoc CARD = CardDoc.of(
            new DocumentCard(
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
                    new NoteMeta(List.of("t"), List.of("alias"), List.of(), Map.of())),
            "text",
            99);

    @Test
    void shouldShowTheListingFieldsWhenACardIsListed() {
        JsonNode json = Json.MAPPER.valueToTree(DocumentSummary.of(CARD));

        assertEquals(
                Set.of(
                        "docId",
                        "collection",
                        "path",
                        "title",
                        "category",
                        "format",
                        "keywords",
                        "chunkCount",
                        "updatedAt",
                        "tags"),
                names(json));
        assertEquals(42, json.get("updatedAt").asLong());
        assertEquals("t", json.get("tags").get(0).asText());
    }

    @Test
    void shouldShowThePageFieldsInlineWhenADocumentIsShown() {
        JsonNode json = Json.MAPPER.valueToTree(DocumentDetail.of(CARD, new LinkGraph.Links(List.of(), List.of())));

        Set<String> expected = new TreeSet<>(names(Json.MAPPER.valueToTree(DocumentSummary.of(CARD))));
        expected.addAll(List.of("summary", "size", "contentHash", "content", "aliases", "links", "backlinks"));
        assertEquals(expected, names(json));
        assertEquals("sum", json.get("summary").asText());
        assertEquals("alias", json.get("aliases").get(0).asText());
    }

    private static Set<String> names(JsonNode json) {
        Set<String> names = new TreeSet<>();
        json.fieldNames().forEachRemaining(names::add);
        return names;
    }
}

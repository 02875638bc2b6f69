package kb.search.es;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonDeserialize;
import com.fasterxml.jackson.databind.annotation.JsonSerialize;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.util.StdConverter;
import java.util.ArrayList;
import java.util.List;
import kb.core.DocumentCard;
import kb.core.Json;
import kb.core.NoteMeta;

/**
 * A document's card ({@link DocumentCard}, declared once there) plus its content (stored, not indexed) and the time
 * it was written, as the document index holds it. Its source is the card's fields in snake case, with the note's
 * tags, aliases and links beside them instead of nested, and their filter forms ({@code tag_paths},
 * {@code properties}) for queries.
 *
 * <p>Read back, the card's notes hold the tags, aliases and links as written (empty in an index of before tags) and
 * no properties: the index keeps only their filter form.
 */
@JsonSerialize(converter = CardDoc.ToSource.class)
@JsonDeserialize(converter = CardDoc.FromSource.class)
public record CardDoc(DocumentCard card, String content, long indexedTime) {

    private static final ObjectMapper SNAKE_CASE =
            Json.MAPPER.copy().setPropertyNamingStrategy(PropertyNamingStrategies.SNAKE_CASE);
    private static final String NOTES = "notes";
    private static final String INDEXED_TIME = "indexed_time";
    private static final String CONTENT = "content";

    /** The card as the document index stores it: with the document's content and the time it was written. */
    public static CardDoc of(DocumentCard card, String content, long indexedTime) {
        return new CardDoc(card, content, indexedTime);
    }

    /** The source written to the document index. */
    static final class ToSource extends StdConverter<CardDoc, ObjectNode> {
        @Override
        public ObjectNode convert(CardDoc doc) {
            ObjectNode source = SNAKE_CASE.valueToTree(doc.card());
            source.remove(NOTES);
            source.put(INDEXED_TIME, doc.indexedTime());
            source.put(CONTENT, doc.content());
            NoteMeta notes = doc.card().notes();
            source.set("tags", SNAKE_CASE.valueToTree(notes.tags()));
            source.set("aliases", SNAKE_CASE.valueToTree(notes.aliases()));
            source.set("links", SNAKE_CASE.valueToTree(notes.links()));
            source.set("tag_paths", SNAKE_CASE.valueToTree(notes.tagPaths()));
            source.set("properties", SNAKE_CASE.valueToTree(notes.propertyTerms()));
            return source;
        }
    }

    /** A source read from the document index (whole or filtered: what it lacks is null, zero or empty). */
    static final class FromSource extends StdConverter<ObjectNode, CardDoc> {
        @Override
        public CardDoc convert(ObjectNode source) {
            ObjectNode card = source.deepCopy();
            card.set(
                    NOTES,
                    SNAKE_CASE.valueToTree(new NoteMeta(
                            texts(source, "tags"), texts(source, "aliases"), texts(source, "links"), null)));
            try {
                return new CardDoc(
                        SNAKE_CASE.treeToValue(card, DocumentCard.class),
                        source.path(CONTENT).isTextual() ? source.get(CONTENT).asText() : null,
                        source.path(INDEXED_TIME).asLong());
            } catch (JsonProcessingException e) {
                throw new IllegalArgumentException("not a document card: " + e.getOriginalMessage(), e);
            }
        }

        private static List<String> texts(JsonNode source, String field) {
            List<String> values = new ArrayList<>();
            source.path(field).forEach(v -> values.add(v.asText()));
            return values;
        }
    }
}

package kb.query.documents;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import com.fasterxml.jackson.annotation.JsonUnwrapped;
import java.util.List;
import kb.core.DocumentCard;
import kb.search.es.CardDoc;

/**
 * A document's card as the API shows it: one line of the listing, and the head of a document's page
 * ({@link DocumentDetail}). A view of the {@link DocumentCard}: its fields inline, less what only the page shows.
 */
@JsonPropertyOrder({"updatedAt", "tags"})
public record DocumentSummary(
        @JsonUnwrapped @JsonIgnoreProperties({"summary", "contentHash", "size", "eventTime", "notes"})
                DocumentCard card) {

    public static DocumentSummary of(CardDoc card) {
        return new DocumentSummary(card.card());
    }

    /** Observed time of the file version indexed, epoch milliseconds. */
    @JsonProperty
    public long updatedAt() {
        return card.eventTime();
    }

    /** Tags as written (frontmatter and inline). */
    @JsonProperty
    public List<String> tags() {
        return card.notes().tags();
    }
}

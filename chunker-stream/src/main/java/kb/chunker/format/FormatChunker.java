package kb.chunker.format;

import java.util.List;

/** Splits the body of one format into sections; one implementation per format. */
public interface FormatChunker {

    /**
     * @param body  the document body (frontmatter removed)
     * @param title the document's title, so a top heading equal to it is not repeated in headers
     */
    List<Section> sections(String body, String title);
}

package kb.core;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

class MetadataTitleTest {

    @Test
    void shouldSayAToolsLabelAPlaceholderOrDigitsNameNoDocumentWhenAFileCarriesThem() {
        for (String junk : List.of("x.pdf", "Microsoft Word - x.doc", "Slide 1", "untitled", "", "  ", "2024", "1.0")) {
            assertTrue(MetadataTitle.namesNoDocument(junk, "docs/spec.pdf"), junk);
        }
    }

    @Test
    void shouldSayATitleNamesTheDocumentWhenItHasWordsOfItsOwn() {
        for (String title : List.of("cFE Requirements", "Lua 5.2 Reference Manual", "Java开发手册")) {
            assertFalse(MetadataTitle.namesNoDocument(title, "docs/spec.pdf"), title);
        }
    }
}

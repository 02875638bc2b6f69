package kb.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

class ExtractedTextTest {

    private static final List<ExtractedText.Block> PAGE =
            List.of(new ExtractedText.Block(Location.Unit.PAGE, 1, null, 0, "text"));

    @Test
    void shouldRecordThisReaderOnTextReadNow() throws Exception {
        ExtractedText read = new ExtractedText("T", List.of(), PAGE);
        ExtractedText back = Json.MAPPER.readValue(Json.MAPPER.writeValueAsString(read), ExtractedText.class);
        assertEquals(ExtractedText.READER_VERSION, back.reader());
        assertFalse(back.readByOlderReader());
    }

    @Test
    void shouldTakeTextPublishedBeforeTheReaderWasRecordedAsReadByAnOlderOne() throws Exception {
        String published = "{\"title\":\"T\",\"keywords\":[],\"blocks\":[{\"unit\":\"PAGE\",\"number\":1,\"part\":null,"
                + "\"level\":0,\"text\":\"text\"}]}";
        ExtractedText back = Json.MAPPER.readValue(published, ExtractedText.class);
        assertEquals(0, back.reader());
        assertTrue(back.readByOlderReader());
        assertEquals(PAGE, back.blocks());
    }
}

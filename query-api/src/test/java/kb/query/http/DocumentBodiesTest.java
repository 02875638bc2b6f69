package kb.query.http;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.LinkedHashMap;
import java.util.Map;
import kb.core.Json;
import org.junit.jupiter.api.Test;

/** The document routes' bodies as records write the same JSON as the maps they replace. */
class DocumentBodiesTest {

    private static String json(Object body) throws Exception {
        return Json.MAPPER.writeValueAsString(body);
    }

    @Test
    void shouldWriteTheDeletionAsBefore() throws Exception {
        Map<String, Object> deleted = new LinkedHashMap<>();
        deleted.put("docId", "abc");
        deleted.put("collection", "kb");
        deleted.put("path", "a.md");
        assertEquals(json(deleted), json(new DocumentRoutes.Deleted("abc", "kb", "a.md")));
    }
}

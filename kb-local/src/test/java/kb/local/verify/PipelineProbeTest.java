package kb.local.verify;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

class PipelineProbeTest {

    @Test
    void shouldReadThePipelineAndTheFoldersWhenTheApiTellsThem() throws Exception {
        PipelineProbe.Asked asked = PipelineProbe.answered(
                200,
                """
                {"kafka": "127.0.0.1:9092", "elasticsearch": "http://127.0.0.1:9200", "topicPrefix": "kb.",
                 "indexPrefix": "kb", "folders": [{"collection": "notes", "dir": "/srv/notes"},
                                                  {"collection": "work", "dir": "/srv/work"}]}""");
        assertNull(asked.problem());
        assertEquals("127.0.0.1:9092", asked.address().kafka());
        assertEquals(
                List.of(new Folder("notes", Path.of("/srv/notes")), new Folder("work", Path.of("/srv/work"))),
                asked.address().folders());
    }

    @Test
    void shouldSayWhyWhenTheApiRefusesAndNothingWhenItIsTooOldToTell() throws Exception {
        assertTrue(PipelineProbe.answered(401, "").problem().contains("KB_API_TOKEN"));
        assertEquals("HTTP 503", PipelineProbe.answered(503, "").problem());
        PipelineProbe.Asked old = PipelineProbe.answered(404, "");
        assertNull(old.problem());
        assertNull(old.address());
    }

    @Test
    void shouldSayNoAnswerWhenNothingListensAtTheUrl() {
        String problem = PipelineProbe.ask("http://127.0.0.1:1", null).problem();
        assertTrue(problem.startsWith("no answer"), problem);
    }
}

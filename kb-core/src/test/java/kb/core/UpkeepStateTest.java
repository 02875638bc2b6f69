package kb.core;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.time.Instant;
import org.junit.jupiter.api.Test;

/** A failing upkeep is shown in the status: its JSON, with the times as ISO-8601, from a mapper without java.time. */
class UpkeepStateTest {

    @Test
    void shouldWriteAFailingUpkeepAsJsonWithIsoTimes() throws Exception {
        Instant now = Instant.parse("2026-12-07T16:00:00Z");
        UpkeepState failing = UpkeepState.OK.failed("disk watermark", now, now.plusSeconds(30));
        var json = new ObjectMapper().readTree(new ObjectMapper().writeValueAsString(failing));
        assertEquals("failing", json.get("state").asText());
        assertEquals("2026-12-07T16:00:00Z", json.get("failingSince").asText());
        assertEquals("2026-12-07T16:00:30Z", json.get("nextAttempt").asText());
        assertEquals(1, json.get("failures").asInt());
    }
}

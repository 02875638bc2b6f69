package kb.core;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;

/** Locations as they travel and are stored: the older units read as before, paragraphs cited by heading path. */
class LocationTest {

    @Test
    void shouldReadLocationsStoredBeforeParagraphsWereCited() throws Exception {
        assertEquals(
                new Location(Location.Unit.PAGE, 3, 3, null),
                Json.MAPPER.readValue("{\"unit\": \"page\", \"start\": 3, \"end\": 3}", Location.class));
        assertEquals(
                new Location(Location.Unit.ROW, 2, 40, "Budget"),
                Json.MAPPER.readValue(
                        "{\"unit\": \"row\", \"start\": 2, \"end\": 40, \"part\": \"Budget\"}", Location.class));
    }

    @Test
    void shouldWriteAParagraphLocationWithItsHeadingPathAndReadItBack() throws Exception {
        Location paragraphs = new Location(Location.Unit.PARAGRAPH, 4, 9, "Setup > Install");
        String json = Json.MAPPER.writeValueAsString(paragraphs);
        assertEquals("{\"unit\":\"paragraph\",\"start\":4,\"end\":9,\"part\":\"Setup > Install\"}", json);
        assertEquals(paragraphs, Json.MAPPER.readValue(json, Location.class));
        assertEquals("Setup > Install paragraphs 4-9", paragraphs.toString());
    }

    @Test
    void shouldJoinNeighbouringParagraphsOfOneSectionButNotOfTwo() {
        List<Location> spans = Location.spans(List.of(
                new Location.Placed(0, new Location(Location.Unit.PARAGRAPH, 2, 5, "Install")),
                new Location.Placed(1, new Location(Location.Unit.PARAGRAPH, 6, 8, "Install")),
                new Location.Placed(2, new Location(Location.Unit.PARAGRAPH, 10, 12, "Removal"))));
        assertEquals(
                List.of(
                        new Location(Location.Unit.PARAGRAPH, 2, 8, "Install"),
                        new Location(Location.Unit.PARAGRAPH, 10, 12, "Removal")),
                spans);
    }
}

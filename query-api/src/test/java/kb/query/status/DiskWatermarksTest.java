package kb.query.status;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.util.Map;
import org.junit.jupiter.api.Test;

class DiskWatermarksTest {

    private static final long GB = 1L << 30;
    private static final long MB = 1L << 20;

    @Test
    void shouldWantTheHeadroomOnlyWhenTheDiskIsLarge() {
        DiskWatermarks marks = DiskWatermarks.of(Map.of());
        assertEquals(20 * MB, marks.high().wantsFree(200 * MB), "10 % of a small disk");
        assertEquals(150 * GB, marks.high().wantsFree(4000 * GB), "at most the high watermark's headroom");
    }

    /** The disk: 88 % used with 13 GB free is below 90 %; 92 % used is past the high watermark. */
    @Test
    void shouldTellTheHighWatermarkFromTheFloodStageWhenTheDiskFills() {
        DiskWatermarks marks = DiskWatermarks.of(Map.of());
        long total = 108 * GB;
        assertNull(marks.pastOn(13 * GB, total));
        assertEquals("high", marks.pastOn(8 * GB, total).name());
        assertEquals("flood_stage", marks.pastOn(4 * GB, total).name());
    }

    @Test
    void shouldReadRatiosAndFreeBytesWhenTheSettingsNameThem() {
        DiskWatermarks marks = DiskWatermarks.of(Map.of(
                DiskWatermarks.PREFIX + "high", "0.5",
                DiskWatermarks.PREFIX + "flood_stage", "500mb",
                DiskWatermarks.PREFIX + "low", "97%",
                DiskWatermarks.PREFIX + "low.max_headroom", "-1"));
        assertEquals(100 * MB, marks.high().wantsFree(200 * MB));
        assertEquals(500 * MB, marks.flood().wantsFree(200 * GB));
        assertEquals(6 * GB, marks.low().wantsFree(200 * GB));
        assertEquals("flood_stage", marks.pastOn(400 * MB, 200 * GB).name());
    }
}

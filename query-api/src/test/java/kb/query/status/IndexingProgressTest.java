package kb.query.status;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class IndexingProgressTest {

    @Test
    void shouldCountPendingDocumentsAndEstimateTheirChunks() {
        IndexingProgress progress = new IndexingProgress(0);
        IndexingProgress.Block block = progress.observe(new IndexingProgress.Observation(1_000, 10, 50, 20, 5, 5));
        assertEquals("running", block.state());
        assertEquals(10, block.documentsDone());
        assertEquals(20, block.documentsTotal());
        assertEquals(30, block.chunksDone());
        assertEquals(100, block.chunksTotal(), "10 pending documents at the average of 5 chunks");
        assertNull(block.etaSeconds(), "no rate from a single look");
        assertTrue(progress.partial());
    }

    @Test
    void shouldMeasureTheRateOverTheWindowAndAFallingEta() {
        IndexingProgress progress = new IndexingProgress(0);
        progress.observe(new IndexingProgress.Observation(0, 100, 1_000, 1_000, 0, 0));
        progress.observe(new IndexingProgress.Observation(10_000, 100, 1_000, 800, 0, 0));
        IndexingProgress.Block later =
                progress.observe(new IndexingProgress.Observation(20_000, 100, 1_000, 600, 0, 0));
        assertEquals(20.0, later.chunksPerSecond());
        assertEquals(30L, later.etaSeconds());
        // A pause and a burst inside the window move the rate little: (800 - 200) chunks over 30 s.
        progress.observe(new IndexingProgress.Observation(30_000, 100, 1_000, 600, 0, 0));
        IndexingProgress.Block after =
                progress.observe(new IndexingProgress.Observation(40_000, 100, 1_000, 200, 0, 0));
        assertEquals(20.0, after.chunksPerSecond());
        assertEquals(10L, after.etaSeconds());
    }

    @Test
    void shouldSayEstimatingUntilTheLooksSpanTheMinimumWindow() {
        IndexingProgress progress = new IndexingProgress(0);
        progress.observe(new IndexingProgress.Observation(0, 0, 0, 0, 50, 0));
        // Two seconds in, two chunks embedded: a rate from this would promise 250 chunks in 4 minutes.
        IndexingProgress.Block early = progress.observe(new IndexingProgress.Observation(2_000, 1, 2, 0, 49, 0));
        assertNull(early.etaSeconds(), "estimating");
        assertEquals(0.0, early.chunksPerSecond());
        IndexingProgress.Block measured = progress.observe(
                new IndexingProgress.Observation(IndexingProgress.MIN_RATE_SPAN_MILLIS, 20, 40, 0, 30, 0));
        assertTrue(measured.etaSeconds() != null && measured.chunksPerSecond() > 0, measured.toString());
    }

    @Test
    void shouldMeasureALaterBacklogFromItsOwnStartNotFromTheIdleTimeBefore() {
        IndexingProgress progress = new IndexingProgress(0);
        progress.observe(new IndexingProgress.Observation(0, 10, 50, 0, 0, 0));
        progress.observe(new IndexingProgress.Observation(60_000, 10, 50, 0, 0, 0));
        IndexingProgress.Block burst = progress.observe(new IndexingProgress.Observation(62_000, 10, 150, 100, 0, 0));
        assertNull(burst.etaSeconds(), "a new backlog is estimated again");
    }

    @Test
    void shouldBeDoneAndNoLongerPartialOnceNothingWaits() {
        IndexingProgress progress = new IndexingProgress(0);
        progress.observe(new IndexingProgress.Observation(0, 3, 9, 9, 0, 0));
        IndexingProgress.Block done = progress.observe(new IndexingProgress.Observation(1_000, 3, 9, 0, 0, 0));
        assertEquals("done", done.state());
        assertEquals(0L, done.etaSeconds());
        assertTrue(progress.partial(), "one look may count a batch's cards before its chunks are visible");
        progress.observe(new IndexingProgress.Observation(2_000, 3, 9, 0, 0, 0));
        assertFalse(progress.partial());
        progress.observe(new IndexingProgress.Observation(3_000, 3, 9, 4, 1, 0));
        assertFalse(progress.partial(), "a later edit does not make the index partial again");
    }

    @Test
    void shouldNotCallTheFirstIndexDoneOnCardsWhoseChunksAreNotVisibleYet() {
        IndexingProgress progress = new IndexingProgress(0);
        progress.observe(new IndexingProgress.Observation(1_000, 3, 0, 0, 0, 0));
        progress.observe(new IndexingProgress.Observation(3_000, 3, 0, 0, 0, 0));
        assertTrue(progress.partial(), "the chunk index has not refreshed: their vectors may all be missing");
        progress.observe(new IndexingProgress.Observation(5_000, 3, 3, 0, 0, 0));
        progress.observe(new IndexingProgress.Observation(7_000, 3, 3, 0, 0, 0));
        assertFalse(progress.partial());
    }

    @Test
    void shouldWaitForAnEmptyFolderBeforeCallingTheFirstIndexDone() {
        IndexingProgress progress = new IndexingProgress(0);
        progress.observe(new IndexingProgress.Observation(1_000, 0, 0, 0, 0, 0));
        assertTrue(progress.partial(), "the producer may not have published its scan yet");
        progress.observe(new IndexingProgress.Observation(IndexingProgress.EMPTY_FOLDER_GRACE_MILLIS, 0, 0, 0, 0, 0));
        assertFalse(progress.partial());
    }
}

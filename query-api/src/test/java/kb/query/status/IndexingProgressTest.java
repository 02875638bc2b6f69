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
    void shouldMeasureTheRateAndAFallingEta() {
        IndexingProgress progress = new IndexingProgress(0);
        progress.observe(new IndexingProgress.Observation(0, 100, 1_000, 1_000, 0, 0));
        IndexingProgress.Block later =
                progress.observe(new IndexingProgress.Observation(10_000, 100, 1_000, 800, 0, 0));
        assertEquals(20.0, later.chunksPerSecond());
        assertEquals(40L, later.etaSeconds());
        IndexingProgress.Block after =
                progress.observe(new IndexingProgress.Observation(20_000, 100, 1_000, 600, 0, 0));
        assertEquals(30L, after.etaSeconds());
    }

    @Test
    void shouldBeDoneAndNoLongerPartialOnceNothingWaits() {
        IndexingProgress progress = new IndexingProgress(0);
        progress.observe(new IndexingProgress.Observation(0, 3, 9, 9, 0, 0));
        IndexingProgress.Block done = progress.observe(new IndexingProgress.Observation(1_000, 3, 9, 0, 0, 0));
        assertEquals("done", done.state());
        assertEquals(0L, done.etaSeconds());
        assertFalse(progress.partial());
        progress.observe(new IndexingProgress.Observation(2_000, 3, 9, 4, 1, 0));
        assertFalse(progress.partial(), "a later edit does not make the index partial again");
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

package kb.query.config;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;

import org.junit.jupiter.api.Test;

class EvidenceWeightsTest {

    private static final EvidenceWeights CONFIGURED = new EvidenceWeights(2.7, 3.1, 0.5, 2, 0.5, 0.5);

    @Test
    void shouldLeanTowardWordsTheMoreChunksADocumentHas() {
        EvidenceWeights notes = CONFIGURED.forCorpus(9, 0.2);
        EvidenceWeights manuals = CONFIGURED.forCorpus(19, 0.2);

        assertEquals(2.7 * Math.pow(9, 0.1), notes.lexical(), 1e-9);
        assertEquals(3.1 / Math.pow(9, 0.1), notes.meaning(), 1e-9);
        double notesBalance = notes.lexical() / notes.meaning();
        double manualsBalance = manuals.lexical() / manuals.meaning();
        assertEquals(true, manualsBalance > notesBalance, manualsBalance + " vs " + notesBalance);
        assertEquals(CONFIGURED.specificKeyword(), manuals.specificKeyword());
        assertEquals(CONFIGURED.title(), manuals.title());
    }

    @Test
    void shouldKeepTheConfiguredWeightsForOneChunkPerDocumentAnUnmeasuredCorpusOrExponentZero() {
        assertSame(CONFIGURED, CONFIGURED.forCorpus(1, 0.2));
        assertSame(CONFIGURED, CONFIGURED.forCorpus(0, 0.2));
        assertSame(CONFIGURED, CONFIGURED.forCorpus(19, 0));
    }
}

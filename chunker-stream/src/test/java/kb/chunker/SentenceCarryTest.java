package kb.chunker;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Set;
import kb.core.ExtractedText.Block;
import kb.core.Location;
import org.junit.jupiter.api.Test;

/** Where a PDF's chunk may end, and what of the next block it takes to end its sentence (two-column set's breaks). */
class SentenceCarryTest {

    @Test
    void shouldGoOnWhenTheBlockBeforeLeavesItsSentenceOpenAndTheNextStartsLowerCase() {
        assertTrue(SentenceCarry.continues("recommended software and au-", "thors are advised to use them."));
        assertTrue(SentenceCarry.continues("as the first command", "in the source file: \\documentclass"));
        assertTrue(SentenceCarry.continues("Research Letters (GRL);\n\n1", "tecga to produce camera-ready copy"));
    }

    @Test
    void shouldNotGoOnWhenTheBlockBeforeEndsASentenceOrAListItemOrTheNextStartsOne() {
        assertFalse(SentenceCarry.continues("Do not use this for the final version.", "psphotos: A photographic"));
        assertFalse(SentenceCarry.continues("and Paleoceanography ;", "grlga to produce camera-ready copy"));
        assertFalse(SentenceCarry.continues("The options are:", "draft Set up for a draft copy"));
        assertFalse(SentenceCarry.continues("as the first command", "The next paragraph"));
        assertFalse(SentenceCarry.continues("as the first command", "3 MODIFICATIONS"));
        assertFalse(SentenceCarry.continues("as the first command", "\u2022 a bullet"));
    }

    @Test
    void shouldCarryTheWordsUpToTheFirstSentenceEndWhenItIsWithinTheLimit() {
        SentenceCarry.Split split =
                SentenceCarry.carry("au-", "thors are advised to use them. Please consult (e.g. the web) it.", 240);
        assertEquals("thors are advised to use them.", split.head());
        assertEquals("Please consult (e.g. the web) it.", split.rest());
    }

    @Test
    void shouldNotTakeAnAbbreviationForASentenceEnd() {
        SentenceCarry.Split split = SentenceCarry.carry("and a", "figure (see e.g. the guide), then. More", 240);
        assertEquals("figure (see e.g. the guide), then.", split.head());
    }

    @Test
    void shouldCarryAShortBlockWholeWhenItHasNoSentenceEnd() {
        SentenceCarry.Split split = SentenceCarry.carry("1", "tecga to produce camera-ready copy for Tectonics;", 240);
        assertEquals("tecga to produce camera-ready copy for Tectonics;", split.head());
        assertEquals("", split.rest());
    }

    @Test
    void shouldCarryOnlyTheTailOfABrokenWordWhenTheSentenceRunsPastTheLimit() {
        String longSentence = "ence, presented at the conference " + "and at another meeting ".repeat(20) + "ever.";
        SentenceCarry.Split split = SentenceCarry.carry("a talk at this confer-", longSentence, 240);
        assertEquals("ence,", split.head());
        assertTrue(split.rest().startsWith("presented at"), split.rest());
    }

    @Test
    void shouldCarryNothingWhenTheSentenceRunsPastTheLimitAndNoWordIsBroken() {
        String longSentence = "in the introduction " + "and so on ".repeat(40) + "ever.";
        SentenceCarry.Split split = SentenceCarry.carry("the crystal mentioned", longSentence, 240);
        assertEquals("", split.head());
        assertEquals(longSentence, split.rest());
    }

    @Test
    void shouldJoinAWordHyphenatedAcrossTwoBlocksWithoutItsHyphenUnlessTheDocumentWritesItWithOne() {
        Set<String> words = Set.of("authors", "two-column", "two", "column");
        assertEquals("software and authors are", SentenceCarry.join("software and au-", "thors are", "\n\n", words));
        assertEquals("a two-column page", SentenceCarry.join("a two-", "column page", "\n\n", words));
        assertEquals("a non-\n\nGaussian", SentenceCarry.join("a non-", "Gaussian", "\n\n", words));
        assertEquals("the end.\n\nthen", SentenceCarry.join("the end.", "then", "\n\n", words));
        assertEquals("conference", SentenceCarry.join("confer\u00AD", "ence", "\n\n", Set.of("confer", "ence")));
    }

    @Test
    void shouldLeaveTheHalvesOfAWordBrokenAcrossBlocksOutOfTheVocabulary() {
        Set<String> words = SentenceCarry.vocabulary(List.of(
                new Block(Location.Unit.PAGE, 1, null, 0, "Templates for type-"),
                new Block(Location.Unit.PAGE, 1, null, 0, "setting papers; a two-column layout.")));
        assertTrue(words.containsAll(List.of("templates", "for", "papers", "two-column", "two", "column")));
        assertFalse(words.contains("type"), words.toString());
        assertFalse(words.contains("setting"), words.toString());
        assertEquals("typesetting papers", SentenceCarry.join("type-", "setting papers", "\n\n", words));
    }
}

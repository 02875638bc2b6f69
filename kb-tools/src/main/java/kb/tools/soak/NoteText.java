package kb.tools.soak;

import java.util.Locale;
import java.util.Random;

/**
 * The text of a soak's notes, drawn from the soak's seeded random source: markdown with headings (one to four
 * chunks) or plain paragraphs, made of invented words so that every version of a note differs from the last.
 */
final class NoteText {

    private static final String[] SYLLABLES = {
        "ka", "lo", "mi", "ne", "ru", "ta", "vo", "shi", "pen", "dor", "gal", "fi", "qua", "zen", "bri", "tol"
    };

    private final Random random;

    NoteText(Random random) {
        this.random = random;
    }

    /** A whole note for a file named {@code name} ({@code .md} gets headings and sometimes frontmatter). */
    String note(String name) {
        StringBuilder text = new StringBuilder();
        if (name.endsWith(".md")) {
            if (random.nextInt(4) == 0) {
                text.append("---\ntitle: ")
                        .append(words(3))
                        .append("\nkeywords: [")
                        .append(word())
                        .append("-")
                        .append(random.nextInt(10_000))
                        .append("]\n---\n\n");
            }
            text.append("# ").append(words(2 + random.nextInt(3))).append("\n\n");
            int sections = 1 + random.nextInt(4);
            for (int s = 0; s < sections; s++) {
                text.append("## ")
                        .append(words(2))
                        .append("\n\n")
                        .append(paragraph())
                        .append("\n\n");
            }
        } else {
            int paragraphs = 1 + random.nextInt(4);
            for (int p = 0; p < paragraphs; p++) {
                text.append(paragraph()).append("\n\n");
            }
        }
        return text.toString();
    }

    /** A few lines to append to a note. */
    String addition() {
        return "\n" + paragraph() + "\n";
    }

    String paragraph() {
        int sentences = 2 + random.nextInt(6);
        StringBuilder paragraph = new StringBuilder();
        for (int i = 0; i < sentences; i++) {
            String sentence = words(5 + random.nextInt(10));
            paragraph
                    .append(Character.toUpperCase(sentence.charAt(0)))
                    .append(sentence.substring(1))
                    .append(". ");
        }
        return paragraph.toString().strip();
    }

    String words(int count) {
        StringBuilder words = new StringBuilder();
        for (int i = 0; i < count; i++) {
            if (i > 0) {
                words.append(' ');
            }
            words.append(word());
        }
        return words.toString();
    }

    String word() {
        int syllables = 1 + random.nextInt(3);
        StringBuilder word = new StringBuilder();
        for (int i = 0; i < syllables; i++) {
            word.append(SYLLABLES[random.nextInt(SYLLABLES.length)]);
        }
        return word.toString().toLowerCase(Locale.ROOT);
    }
}

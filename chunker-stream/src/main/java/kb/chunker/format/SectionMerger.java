package kb.chunker.format;

import java.util.ArrayList;
import java.util.List;

/**
 * Merges runs of small neighbouring sections (a one-line {@code version: "3.8"}, a lone constant) so they
 * do not become crumbs of their own; the merged header names every part.
 */
final class SectionMerger {

    private SectionMerger() {}

    static List<Section> mergeSmall(List<Section> sections, int smallChars, int maxChars) {
        List<Section> merged = new ArrayList<>();
        for (Section section : sections) {
            Section last = merged.isEmpty() ? null : merged.get(merged.size() - 1);
            if (last != null
                    && last.text().length() < smallChars
                    && section.text().length() < smallChars
                    && last.text().length() + section.text().length() + 1 <= maxChars) {
                merged.set(
                        merged.size() - 1,
                        new Section(joinHeaders(last.header(), section.header()), last.text() + "\n" + section.text()));
            } else {
                merged.add(section);
            }
        }
        return merged;
    }

    private static String joinHeaders(String a, String b) {
        if (a == null) {
            return b;
        }
        if (b == null || a.equals(b)) {
            return a;
        }
        return a + ", " + b;
    }
}

package kb.chunker.notes;

import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The top-level entries of a YAML mapping that carry some names, cut out as YAML text: how a block too large to parse
 * whole still gives its title and keywords. An entry is its {@code name:} line at the margin and every line after it
 * that is indented, a list item or blank, which is how a mapping's value continues in block style.
 */
public final class NamedFields {

    private static final Pattern ENTRY = Pattern.compile("^([\\p{L}_][\\p{L}\\p{N}_-]*)\\s*:(\\s|$)");

    private NamedFields() {}

    /** The entries named, in the block's order, as a YAML mapping of their own (empty when none is there). */
    public static String of(String yaml, List<String> names) {
        StringBuilder kept = new StringBuilder();
        boolean keeping = false;
        for (String line : yaml.split("\n", -1)) {
            Matcher entry = ENTRY.matcher(line);
            if (entry.find()) {
                keeping = names.contains(entry.group(1));
            } else if (!continues(line)) {
                keeping = false;
            }
            if (keeping) {
                kept.append(line).append('\n');
            }
        }
        return kept.toString();
    }

    private static boolean continues(String line) {
        return line.isBlank() || line.startsWith(" ") || line.startsWith("\t") || line.startsWith("- ");
    }
}

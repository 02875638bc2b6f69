package kb.chunker.format;

/** Tracks Python string literals across lines, so text inside a multi-line string is never read as code. */
final class PythonStrings {

    private PythonStrings() {}

    /** For each line, whether it begins inside a (triple-quoted) string literal. */
    static boolean[] linesStartingInsideAString(String[] lines) {
        boolean[] inside = new boolean[lines.length];
        String open = null; // the delimiter of the string we are in: ''' or """
        for (int i = 0; i < lines.length; i++) {
            inside[i] = open != null;
            open = scanLine(lines[i], open);
        }
        return inside;
    }

    /** @return the triple delimiter still open at the end of the line, or null */
    private static String scanLine(String line, String open) {
        int i = 0;
        while (i < line.length()) {
            if (open != null) {
                int end = indexOfUnescaped(line, open, i);
                if (end < 0) {
                    return open;
                }
                i = end + 3;
                open = null;
                continue;
            }
            char c = line.charAt(i);
            if (c == '#') {
                return null;
            }
            if (c == '"' || c == '\'') {
                String triple = String.valueOf(c).repeat(3);
                if (line.startsWith(triple, i)) {
                    open = triple;
                    i += 3;
                    continue;
                }
                int end = indexOfUnescaped(line, String.valueOf(c), i + 1);
                i = end < 0 ? line.length() : end + 1;
                continue;
            }
            i++;
        }
        return open;
    }

    private static int indexOfUnescaped(String line, String delimiter, int from) {
        int at = line.indexOf(delimiter, from);
        while (at > 0 && isEscaped(line, at)) {
            at = line.indexOf(delimiter, at + 1);
        }
        return at;
    }

    private static boolean isEscaped(String line, int at) {
        int backslashes = 0;
        for (int j = at - 1; j >= 0 && line.charAt(j) == '\\'; j--) {
            backslashes++;
        }
        return backslashes % 2 == 1;
    }
}

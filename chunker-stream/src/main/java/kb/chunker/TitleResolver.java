package kb.chunker;

import java.util.regex.Matcher;
import java.util.regex.Pattern;
import kb.core.Formats;

/** Title: the frontmatter's, else the first {@code # } heading, else the file name without extension. */
public final class TitleResolver {

    private static final Pattern H1 = Pattern.compile("(?m)^#\\s+(.+?)\\s*#*\\s*$");

    private TitleResolver() {}

    public static String resolve(Frontmatter frontmatter, String body, String format, String path) {
        if (frontmatter != null && frontmatter.title() != null) {
            return frontmatter.title();
        }
        if (Formats.isMarkdown(format)) {
            Matcher h1 = H1.matcher(body);
            if (h1.find()) {
                return h1.group(1).strip();
            }
        }
        String name = path.substring(path.lastIndexOf('/') + 1);
        int dot = name.lastIndexOf('.');
        return dot > 0 ? name.substring(0, dot) : name;
    }
}

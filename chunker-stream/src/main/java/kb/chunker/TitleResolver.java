package kb.chunker;

import java.util.regex.Matcher;
import java.util.regex.Pattern;
import kb.chunker.notes.Frontmatter;
import kb.core.Formats;
import kb.core.MetadataTitle;

/**
 * Title: the frontmatter's, else the first {@code # } heading, else the file name without extension. A document's
 * own metadata title is used only when it names the document ({@link #isPlaceholder}).
 */
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
        return fileTitle(path);
    }

    /** The file's name without its extension. */
    public static String fileTitle(String path) {
        String name = path.substring(path.lastIndexOf('/') + 1);
        int dot = name.lastIndexOf('.');
        return dot > 0 ? name.substring(0, dot) : name;
    }

    /** Whether a document's metadata title says nothing of this document ({@link MetadataTitle}). */
    public static boolean isPlaceholder(String title, String path) {
        return MetadataTitle.namesNoDocument(title, path);
    }
}

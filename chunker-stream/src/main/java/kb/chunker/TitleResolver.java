package kb.chunker;

import java.util.Locale;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import kb.chunker.notes.Frontmatter;
import kb.core.Formats;

/**
 * Title: the frontmatter's, else the first {@code # } heading, else the file name without extension. A document's
 * own metadata title is used only when it names the document ({@link #isPlaceholder}).
 */
public final class TitleResolver {

    private static final Pattern H1 = Pattern.compile("(?m)^#\\s+(.+?)\\s*#*\\s*$");

    /** The name of the file the document was made from: {@code paper.dvi}, {@code Microsoft Word - x.doc}. */
    private static final Pattern SOURCE_FILE = Pattern.compile("(?i)^microsoft (word|powerpoint|excel|visio) -.*"
            + "|.*\\.(dvi|tex|ps|eps|pdf|docx?|odt|rtf|pptx?|odp|xlsx?|ods|txt|md|html?|indd|qxd|wpd|pages|key)$");

    /** Titles an editor or a converter writes when the author wrote none. */
    private static final Set<String> PLACEHOLDERS = Set.of(
            "untitled",
            "untitled document",
            "no title",
            "title",
            "document",
            "document1",
            "presentation",
            "powerpoint presentation",
            "slide 1",
            "blank",
            "default",
            "new document",
            "template");

    private static final Pattern TEMPLATE = Pattern.compile("(?i)\\btemplate\\b");

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

    /**
     * Whether a document's metadata title says nothing of this document: a file name or a converter's label
     * ({@code paper.dvi}, {@code Microsoft Word - x.doc}), an editor's placeholder ({@code Untitled}), no letter at
     * all, or the title of the template the document was started from (a title saying "template" on a file whose
     * path does not). People name such documents by their heading or their file, and so does the index.
     */
    public static boolean isPlaceholder(String title, String path) {
        String t = title.strip();
        if (t.codePoints().noneMatch(Character::isLetter)) {
            return true;
        }
        String normalized =
                t.toLowerCase(Locale.ROOT).replaceAll("[\\p{Punct}\\s]+", " ").strip();
        return PLACEHOLDERS.contains(normalized)
                || SOURCE_FILE.matcher(t).matches()
                || (TEMPLATE.matcher(t).find() && !TEMPLATE.matcher(path).find());
    }
}

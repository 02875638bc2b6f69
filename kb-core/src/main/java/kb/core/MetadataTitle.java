package kb.core;

import java.util.Locale;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * Whether a document's metadata title names the document. Converters and editors write titles that do not: the file
 * the document was made from, their own label, a placeholder, the template's title. Read where the file is
 * extracted (which then looks for the document's own heading) and where the chunker titles a document published by
 * an older reader, so both read one rule.
 */
public final class MetadataTitle {

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

    private MetadataTitle() {}

    /**
     * Whether a metadata title says nothing of this document: a file name or a converter's label ({@code paper.dvi},
     * {@code Microsoft Word - x.doc}), an editor's placeholder ({@code Untitled}, {@code Slide 1}), no letter at all
     * (blank, digits only), or the title of the template the document was started from (a title saying "template" on
     * a file whose path does not). People name such documents by their heading or their file, and so does the index.
     *
     * @param path the document's path, relative or absolute
     */
    public static boolean namesNoDocument(String title, String path) {
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

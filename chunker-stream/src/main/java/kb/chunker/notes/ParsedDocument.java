package kb.chunker.notes;

/**
 * A file split into its frontmatter and body.
 *
 * @param frontmatter    the parsed block, or null when there is none or it is malformed
 * @param hasFrontmatter true only when a well-formed block was found
 * @param body           the text after the block (the whole content when there is no usable block)
 * @param tooLarge       why a block was not read because of its size (reported on kb.dlq), or null
 */
public record ParsedDocument(Frontmatter frontmatter, boolean hasFrontmatter, String body, String tooLarge) {

    public ParsedDocument(Frontmatter frontmatter, boolean hasFrontmatter, String body) {
        this(frontmatter, hasFrontmatter, body, null);
    }
}

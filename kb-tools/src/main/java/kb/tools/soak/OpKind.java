package kb.tools.soak;

/** What one soak operation does to the folder, with its weight in the random draw. */
enum OpKind {
    /** A new note. */
    CREATE(14),
    /** A note written again in place with new text. */
    OVERWRITE(12),
    /** Lines added at the end of a note. */
    APPEND(12),
    /** A note renamed, within its folder or into another. */
    RENAME(8),
    /** A whole subfolder moved elsewhere, its notes with it. */
    MOVE_FOLDER(3),
    /** {@code note.md} to {@code Note.md}: only the case of the name changes. */
    CASE_RENAME(4),
    /** A note deleted. */
    DELETE(10),
    /** An editor's atomic save: the new text into a hidden temporary file, renamed over the note. */
    EDITOR_SAVE(12),
    /** An editor's in-place save: the note truncated, then written (a watcher may see it empty). */
    TRUNCATE_WRITE(8),
    /** Hundreds of notes created at once in a new folder, or a whole folder removed. */
    BURST(2),
    /** A {@code git checkout} of another branch: many notes rewritten, some deleted, some added, at once. */
    CHECKOUT_SWAP(2),
    /** A symlink to a note of the folder. */
    SYMLINK(3),
    /** A symlink to another subfolder of the folder (never one above it): its notes under a second path. */
    FOLDER_SYMLINK(1);

    private final int weight;

    OpKind(int weight) {
        this.weight = weight;
    }

    int weight() {
        return weight;
    }
}

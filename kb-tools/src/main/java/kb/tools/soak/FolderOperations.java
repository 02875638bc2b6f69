package kb.tools.soak;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.EnumMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Random;

/**
 * Seeded random operations on a real folder, as a user, an editor and git make them. Not thread-safe: one
 * thread applies them, and nothing else writes the folder.
 */
final class FolderOperations {

    /** The most notes one burst or one checkout touches. */
    private static final int BURST_MAX = 300;

    private final Path root;
    private final int targetNotes;
    private final Random random;
    private final NoteText text;
    private final Map<OpKind, Integer> counts = new EnumMap<>(OpKind.class);
    private int nextName;

    /** @param targetNotes the number of notes the folder hovers around (creations and deletions keep it near) */
    FolderOperations(Path root, int targetNotes, Random random) {
        this.root = root;
        this.targetNotes = targetNotes;
        this.random = random;
        this.text = new NoteText(random);
    }

    /** Fills the empty folder with {@code targetNotes} notes in a few subfolders: what a user already has. */
    void seed() throws IOException {
        Files.createDirectories(root);
        int folders = Math.max(2, targetNotes / 40);
        for (int i = 0; i < targetNotes; i++) {
            Path folder = root.resolve("area-" + random.nextInt(folders));
            if (random.nextBoolean()) {
                folder = folder.resolve("topic-" + random.nextInt(4));
            }
            write(folder.resolve(newName()));
        }
    }

    /** Draws one operation and applies it; returns the kind applied (a creation when the draw had no note to use). */
    OpKind applyNext() throws IOException, InterruptedException {
        FolderTree tree = FolderTree.read(root);
        OpKind kind = draw(tree.notes().size());
        OpKind applied = tree.notes().isEmpty() ? OpKind.CREATE : kind;
        apply(applied, tree);
        counts.merge(applied, 1, Integer::sum);
        return applied;
    }

    /** The operations applied so far, by kind. */
    Map<OpKind, Integer> counts() {
        return Map.copyOf(counts);
    }

    /** A kind by weight, creations favoured below the target and deletions above it. */
    private OpKind draw(int notes) {
        int[] weights = new int[OpKind.values().length];
        int total = 0;
        for (OpKind kind : OpKind.values()) {
            int weight = kind.weight();
            if (kind == OpKind.CREATE && notes < targetNotes * 8 / 10
                    || kind == OpKind.DELETE && notes > targetNotes * 12 / 10) {
                weight *= 4;
            }
            weights[kind.ordinal()] = weight;
            total += weight;
        }
        int pick = random.nextInt(total);
        for (OpKind kind : OpKind.values()) {
            pick -= weights[kind.ordinal()];
            if (pick < 0) {
                return kind;
            }
        }
        throw new IllegalStateException("unreachable");
    }

    private void apply(OpKind kind, FolderTree tree) throws IOException, InterruptedException {
        switch (kind) {
            case CREATE -> write(anyFolder(tree).resolve(newName()));
            case OVERWRITE -> write(pick(tree.notes()));
            case APPEND -> Files.writeString(pick(tree.notes()), text.addition(), StandardOpenOption.APPEND);
            case RENAME -> rename(pick(tree.notes()), anyFolder(tree).resolve(newName()));
            case MOVE_FOLDER -> moveFolder(tree);
            case CASE_RENAME -> caseRename(pick(tree.notes()));
            case DELETE ->
                Files.delete(pick(random.nextInt(5) == 0 && !tree.links().isEmpty() ? tree.links() : tree.notes()));
            case EDITOR_SAVE -> editorSave(pick(tree.notes()));
            case TRUNCATE_WRITE -> truncateWrite(pick(tree.notes()));
            case BURST -> burst(tree);
            case CHECKOUT_SWAP -> checkout(tree);
            case SYMLINK -> symlink(tree);
            case FOLDER_SYMLINK -> folderSymlink(tree);
        }
    }

    private <T> T pick(List<T> items) {
        return items.get(random.nextInt(items.size()));
    }

    private Path anyFolder(FolderTree tree) {
        int choice = random.nextInt(10);
        if (choice == 0 || tree.folders().isEmpty()) {
            return root.resolve("area-new-" + nextName++);
        }
        return choice == 1 ? root : pick(tree.folders());
    }

    private String newName() {
        int n = nextName++;
        return String.format(Locale.ROOT, "note-%05d.%s", n, random.nextInt(4) == 0 ? "txt" : "md");
    }

    private void write(Path note) throws IOException {
        Files.createDirectories(note.getParent());
        Files.writeString(note, text.note(note.getFileName().toString()));
    }

    private static void rename(Path note, Path to) throws IOException {
        Files.createDirectories(to.getParent());
        Files.move(note, to);
    }

    /** A subfolder into another place (never into itself), under a new name. */
    private void moveFolder(FolderTree tree) throws IOException {
        if (tree.folders().isEmpty()) {
            write(root.resolve("area-new-" + nextName++).resolve(newName()));
            return;
        }
        Path folder = pick(tree.folders());
        Path into = random.nextBoolean() ? root : pick(tree.folders());
        if (into.startsWith(folder)) {
            into = root;
        }
        Files.move(folder, into.resolve("moved-" + nextName++));
    }

    /** {@code note-1.md} and {@code Note-1.md} back and forth; a name whose other case exists is left alone. */
    private void caseRename(Path note) throws IOException {
        String name = note.getFileName().toString();
        char first = name.charAt(0);
        char flipped = Character.isUpperCase(first) ? Character.toLowerCase(first) : Character.toUpperCase(first);
        Path renamed = note.resolveSibling(flipped + name.substring(1));
        if (!Files.exists(renamed)) {
            Files.move(note, renamed);
        }
    }

    /** Vim's and most IDEs' safe save: a hidden temporary file, then an atomic rename over the note. */
    private void editorSave(Path note) throws IOException {
        Path temp = note.resolveSibling("." + note.getFileName() + ".swp" + nextName++);
        Files.writeString(temp, text.note(note.getFileName().toString()));
        Files.move(temp, note, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
    }

    /** An in-place save: the file empty for a moment (up to 200 ms), then its new text. */
    private void truncateWrite(Path note) throws IOException, InterruptedException {
        try (FileChannel channel = FileChannel.open(note, StandardOpenOption.WRITE)) {
            channel.truncate(0);
        }
        // The gap is the point: a watcher that reads the file now sees it empty.
        Thread.sleep(random.nextInt(200));
        Files.write(note, text.note(note.getFileName().toString()).getBytes(StandardCharsets.UTF_8));
    }

    /** Below the target: up to {@link #BURST_MAX} notes at once in a new folder; else one folder removed whole. */
    private void burst(FolderTree tree) throws IOException {
        if (tree.notes().size() > targetNotes && !tree.folders().isEmpty()) {
            FolderTree.deleteTree(pick(tree.folders()));
            return;
        }
        Path folder = root.resolve("burst-" + nextName++);
        int notes = Math.min(BURST_MAX, Math.max(20, targetNotes / 2));
        for (int i = 0; i < notes; i++) {
            write(folder.resolve(newName()));
        }
    }

    /** As git switching branches: most notes of the folder rewritten, a fifth deleted, as many new ones added. */
    private void checkout(FolderTree tree) throws IOException {
        List<Path> notes = tree.notes();
        int start = random.nextInt(notes.size());
        int count = Math.min(BURST_MAX, notes.size());
        for (int i = 0; i < count; i++) {
            Path note = notes.get((start + i) % notes.size());
            int roll = random.nextInt(5);
            if (roll == 0) {
                Files.delete(note);
                write(note.resolveSibling(newName()));
            } else {
                write(note);
            }
        }
    }

    /** A link to a subfolder from another folder that is not inside it (a link to an ancestor would be a loop). */
    private void folderSymlink(FolderTree tree) throws IOException {
        if (tree.folders().isEmpty()) {
            symlink(tree);
            return;
        }
        Path target = pick(tree.folders());
        Path folder = random.nextBoolean() ? root : pick(tree.folders());
        if (folder.startsWith(target)) {
            folder = root;
        }
        Path link = folder.resolve(String.format(Locale.ROOT, "linked-%05d", nextName++));
        Files.createSymbolicLink(link, folder.relativize(target));
    }

    /** A link beside or away from its target, by a relative path, as {@code ln -s} makes them. */
    private void symlink(FolderTree tree) throws IOException {
        Path target = pick(tree.notes());
        Path folder = random.nextBoolean() ? target.getParent() : anyFolder(tree);
        Files.createDirectories(folder);
        String extension = target.getFileName().toString().endsWith(".txt") ? "txt" : "md";
        Path link = folder.resolve(String.format(Locale.ROOT, "link-%05d.%s", nextName++, extension));
        Files.createSymbolicLink(link, folder.relativize(target));
    }
}

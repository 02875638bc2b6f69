package kb.tools.soak;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;

/**
 * What the soak's folder holds now, read from the disk before each operation (the operations are the only
 * writer, so this is exact): notes, symlinks and subfolders, each list sorted so that a seed replays the same.
 *
 * @param notes   regular files, hidden ones left out
 * @param links   symbolic links
 * @param folders subfolders, the root left out
 */
record FolderTree(List<Path> notes, List<Path> links, List<Path> folders) {

    static FolderTree read(Path root) throws IOException {
        List<Path> notes = new ArrayList<>();
        List<Path> links = new ArrayList<>();
        List<Path> folders = new ArrayList<>();
        try (Stream<Path> paths = Files.walk(root)) {
            for (Path path : paths.sorted().toList()) {
                if (path.equals(root) || path.getFileName().toString().startsWith(".")) {
                    continue;
                }
                if (Files.isSymbolicLink(path)) {
                    links.add(path);
                } else if (Files.isDirectory(path)) {
                    folders.add(path);
                } else {
                    notes.add(path);
                }
            }
        }
        return new FolderTree(notes, links, folders);
    }

    /** Removes a folder and everything in it, deepest first. */
    static void deleteTree(Path folder) throws IOException {
        try (Stream<Path> paths = Files.walk(folder)) {
            for (Path path : paths.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(path);
            }
        }
    }
}

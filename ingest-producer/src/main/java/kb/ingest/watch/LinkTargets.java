package kb.ingest.watch;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.Map;
import java.util.Set;

/**
 * Which symlinks in the folder point at which path. inotify reports an edit, a delete or a move of a file on the
 * file's own folder only, never on the folder of a link to it: without this map a link kept the content its target
 * had at the last scan, and stayed indexed after its target was gone, until a restart rescanned.
 *
 * <p>Targets are kept as {@link #canonical} paths so that a link written as {@code ../notes/note.md}, one reached
 * through a symlinked folder and the watcher's name for the target all meet on one key. Dangling links are kept
 * too: their target coming back must publish them again. Not thread-safe: the watcher thread alone uses it.
 */
public final class LinkTargets {

    private final Path baseDir;
    /** Link (relative path) to its target; a link reached by two names (a symlinked folder above it) is two links. */
    private final Map<String, Target> targets = new HashMap<>();

    /**
     * Where a link points, twice: as written (from the link's real folder), so that a symlinked folder on the way
     * being deleted or replaced is seen, and with that folder resolved, where the file's own events come from.
     */
    private record Target(Path written, Path real) {
        boolean under(Path changed) {
            return written.startsWith(changed) || real.startsWith(changed);
        }
    }

    public LinkTargets(Path baseDir) {
        this.baseDir = baseDir;
    }

    /** Records what the path points at now, or forgets it (and every link below it) when it is no longer a link. */
    public void update(String relativePath) {
        Path link = baseDir.resolve(relativePath);
        if (Files.isSymbolicLink(link)) {
            try {
                // From the link's real folder: the kernel reads a relative target from there, not from the name the
                // link was reached by (a symlinked folder above it).
                Path written = link.getParent().toRealPath().resolve(Files.readSymbolicLink(link));
                targets.put(relativePath, new Target(written.normalize(), canonical(written)));
                return;
            } catch (IOException | UnsupportedOperationException e) {
                // Gone or replaced since the check: forgotten below, and its own event records it again.
            }
        }
        targets.remove(relativePath);
        String below = relativePath + "/";
        targets.keySet().removeIf(known -> known.startsWith(below));
    }

    /**
     * The links whose target is this path or lies below it (a folder moved away takes its files' links with it),
     * the path itself left out.
     */
    public Set<String> pointingAt(String relativePath) {
        Path changed = canonical(baseDir.resolve(relativePath));
        Set<String> links = new LinkedHashSet<>();
        targets.forEach((link, target) -> {
            if (target.under(changed) && !link.equals(relativePath)) {
                links.add(link);
            }
        });
        return links;
    }

    /**
     * The path with its folder's symlinks (and any {@code ..} after one, as the kernel reads it) resolved but not its
     * own last name, since a link's target may itself be a link, or be gone: the place inotify reports it at. Where
     * that folder is gone too, the path as written.
     */
    private static Path canonical(Path path) {
        Path parent = path.getParent();
        Path name = path.getFileName();
        try {
            if (parent == null
                    || name.toString().equals("..")
                    || name.toString().equals(".")) {
                return path.toRealPath();
            }
            return parent.toRealPath().resolve(name);
        } catch (IOException e) {
            return path.normalize();
        }
    }
}

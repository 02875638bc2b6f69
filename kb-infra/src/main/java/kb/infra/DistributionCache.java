package kb.infra;

import java.io.IOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Comparator;
import java.util.Map;
import java.util.UUID;
import java.util.stream.Stream;
import java.util.zip.ZipEntry;
import java.util.zip.ZipInputStream;
import kb.core.settings.KbSettings;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Elasticsearch's distribution, unpacked once per machine rather than once per data folder: unpacking took
 * 78-86 s of a first {@code kb up} on this 2-core machine. The unpacked tree is only read (each instance gets
 * its own config folder, {@code ES_PATH_CONF}, where Elasticsearch writes its keystore), so every data folder
 * and every test can share it. Under root it lives in {@code /var/cache/kb-pipeline}, readable by
 * {@code nobody}, which runs Elasticsearch; otherwise in {@code $XDG_CACHE_HOME/kb-pipeline} (default
 * {@code ~/.cache}). {@code KB_CACHE_DIR} overrides both. It holds one copy per distribution in use: another
 * checkout or a rebuild of the same distribution finds its copy, and copies no process uses are removed.
 */
final class DistributionCache {

    private static final Logger LOG = LoggerFactory.getLogger(DistributionCache.class);
    static final String CACHE_DIR_VARIABLE = KbSettings.CACHE_DIR.name();
    /** Written last into a finished copy: a folder without it is an unpacking that did not finish. */
    static final String UNPACKED_MARKER = ".unpacked";

    private DistributionCache() {}

    /** The cache folder for this user (see the class comment). */
    static Path root(Map<String, String> env, boolean asRoot) {
        String configured = env.get(CACHE_DIR_VARIABLE);
        if (configured != null && !configured.isBlank()) {
            return Path.of(configured);
        }
        if (asRoot) {
            return Path.of("/var/cache/kb-pipeline");
        }
        String xdg = env.get("XDG_CACHE_HOME");
        Path base = xdg != null && !xdg.isBlank() ? Path.of(xdg) : Path.of(System.getProperty("user.home"), ".cache");
        return base.resolve("kb-pipeline");
    }

    /**
     * The distribution's home folder ({@code elasticsearch-<version>}), unpacked on first use into a folder named by
     * the distribution's version and checksum ({@link DistributionKey}), and held by this process until it exits;
     * copies no process uses any more are removed ({@link CopyCleaner}). Two processes starting at once on a new
     * distribution each unpack into a folder of their own and the first rename wins.
     */
    static Path home(Path zip, Path cacheRoot) throws IOException {
        if (!Files.isRegularFile(zip)) {
            throw new IOException("Elasticsearch distribution not found at " + zip
                    + " (build the project first: mvn -DskipTests install)");
        }
        Path parent = Files.createDirectories(cacheRoot.resolve("elasticsearch"));
        for (Path folder : new Path[] {cacheRoot, parent}) {
            try {
                readableByAll(folder);
            } catch (AccessDeniedException e) {
                // A folder someone else made (KB_CACHE_DIR=/tmp): its owner decides who may pass.
            }
        }
        Path target = parent.resolve(DistributionKey.of(zip).folderName());
        boolean held = CopyLeases.exclusively(parent, () -> holdIfUnpacked(target));
        if (!held) {
            Path staging = unpack(zip, parent, target);
            CopyLeases.exclusively(parent, () -> {
                settle(staging, target);
                CopyLeases.hold(target);
                return true;
            });
        }
        removeUnusedCopies(parent, target);
        try (Stream<Path> entries = Files.list(target)) {
            return entries.filter(p -> p.getFileName().toString().startsWith("elasticsearch-"))
                    .findFirst()
                    .orElseThrow(() -> new IOException("no elasticsearch-* folder in " + target));
        }
    }

    private static boolean holdIfUnpacked(Path target) throws IOException {
        if (!Files.exists(target.resolve(UNPACKED_MARKER))) {
            return false;
        }
        CopyLeases.hold(target);
        return true;
    }

    /** Tidying is never a reason not to start: a failure is logged and the start goes on. */
    private static void removeUnusedCopies(Path parent, Path target) {
        try {
            CopyCleaner.ofThisMachine().removeUnused(parent, target);
        } catch (IOException | RuntimeException e) {
            LOG.warn("could not remove unused copies of Elasticsearch from {}: {}", parent, e.toString());
        }
    }

    /** Unpacks the zip into a staging folder of this process's own, returned for {@link #settle}. */
    private static Path unpack(Path zip, Path parent, Path target) throws IOException {
        Path staging = parent.resolve(".unpacking-" + UUID.randomUUID());
        LOG.info("unpacking {} once into {} (shared by every data folder)", zip, target);
        try (ZipInputStream in = new ZipInputStream(Files.newInputStream(zip))) {
            for (ZipEntry entry = in.getNextEntry(); entry != null; entry = in.getNextEntry()) {
                extract(in, entry, staging);
            }
        }
        Files.writeString(staging.resolve(UNPACKED_MARKER), zip.getFileName().toString());
        try (Stream<Path> paths = Files.walk(staging)) {
            for (Path p : (Iterable<Path>) paths::iterator) {
                readableByAll(p);
            }
        }
        return staging;
    }

    /**
     * Moves an unpacked staging folder into place, or drops it when another process got there first: two kb
     * processes started together on a new distribution both unpack it, and Linux reports the loser's rename onto
     * the winner's folder as a plain "Directory not empty", not as {@link java.nio.file.DirectoryNotEmptyException}.
     */
    static void settle(Path staging, Path target) throws IOException {
        try {
            Files.move(staging, target, StandardCopyOption.ATOMIC_MOVE);
        } catch (FileSystemException e) {
            if (!Files.exists(target.resolve(UNPACKED_MARKER))) {
                throw e;
            }
            deleteTree(staging);
        }
    }

    private static void extract(ZipInputStream in, ZipEntry entry, Path dist) throws IOException {
        Path target = dist.resolve(entry.getName()).normalize();
        if (!target.startsWith(dist)) {
            throw new IOException("zip entry escapes the target folder: " + entry.getName());
        }
        if (entry.isDirectory()) {
            Files.createDirectories(target);
            return;
        }
        Files.createDirectories(target.getParent());
        Files.copy(in, target, StandardCopyOption.REPLACE_EXISTING);
        if (target.getParent().getFileName().toString().equals("bin")) {
            target.toFile().setExecutable(true, false);
        }
    }

    /**
     * Elasticsearch may run as another user ({@code nobody} under root) whatever the umask: folders and
     * executables r-x, other files r-- for everyone; only the owner writes.
     */
    private static void readableByAll(Path path) throws IOException {
        boolean executable = Files.isDirectory(path) || Files.isExecutable(path);
        Files.setPosixFilePermissions(path, PosixFilePermissions.fromString(executable ? "rwxr-xr-x" : "rw-r--r--"));
    }

    /** Copies the distribution's config files the instance does not have yet (its keystore stays its own). */
    static Path instanceConfig(Path home, Path folder) throws IOException {
        Path source = home.resolve("config");
        Path config = folder.resolve("config");
        try (Stream<Path> files = Files.walk(source)) {
            for (Path file : (Iterable<Path>) files::iterator) {
                Path copy = config.resolve(source.relativize(file).toString());
                if (Files.isDirectory(file)) {
                    Files.createDirectories(copy);
                } else if (!Files.exists(copy)) {
                    Files.copy(file, copy);
                }
            }
        }
        return config;
    }

    static void deleteTree(Path folder) throws IOException {
        if (!Files.exists(folder)) {
            return;
        }
        try (Stream<Path> paths = Files.walk(folder)) {
            for (Path p : (Iterable<Path>) paths.sorted(Comparator.reverseOrder())::iterator) {
                Files.deleteIfExists(p);
            }
        }
    }
}

package kb.infra;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Set;
import kb.core.Ids;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Where Elasticsearch's files (distribution, data, logs, temp) live, readable by its user only. Run as
 * root, Elasticsearch runs as {@code nobody}, which must be able to walk to its folder: inside the data
 * folder when every folder above it already lets others pass ({@code o+x}); otherwise (e.g. {@code /root},
 * mode 700, or a {@code mktemp -d} folder) in {@code /var/lib/kb-pipeline/es-<hash of the folder>}, because
 * opening the folders above the data folder to every local user is not ours to do.
 */
final class ElasticsearchFolders {

    private static final Logger LOG = LoggerFactory.getLogger(ElasticsearchFolders.class);
    static final String NOBODY = "65534";
    static final Path SYSTEM_STATE = Path.of("/var/lib/kb-pipeline");
    /** In the requested folder, the relocated folder's path. */
    static final String LOCATION = "LOCATION";

    private static final Set<PosixFilePermission> OWNER_ONLY = PosixFilePermissions.fromString("rwx------");

    private ElasticsearchFolders() {}

    /**
     * Whether the node of {@code dataDir} ({@code DATADIR/elasticsearch}, or the folder it was relocated to) kept
     * indexes from an earlier run; read before the node starts, changing nothing.
     */
    static boolean holdsIndexes(Path dataDir) throws IOException {
        Path requested = dataDir.resolve("elasticsearch").toAbsolutePath().normalize();
        Path location = requested.resolve(LOCATION);
        Path folder = Files.isRegularFile(location)
                ? Path.of(Files.readString(location, StandardCharsets.UTF_8).strip())
                : requested;
        Path indices = folder.resolve("data").resolve("indices");
        if (!Files.isDirectory(indices)) {
            return false;
        }
        try (var entries = Files.list(indices)) {
            return entries.findAny().isPresent();
        }
    }

    /**
     * @param root   the requested folder ({@code DATADIR/elasticsearch}); its parent is the data folder
     * @param asRoot true when Elasticsearch will run as {@code nobody}
     * @return the folder to use, created
     */
    static Path choose(Path root, boolean asRoot) throws IOException {
        Path requested = root.toAbsolutePath().normalize();
        Files.createDirectories(requested);
        Path chosen = asRoot && !othersCanPassAbove(requested.getParent()) ? relocated(requested) : requested;
        return Files.createDirectories(chosen);
    }

    /**
     * Closes the chosen folder to everybody but Elasticsearch's user and, under root, hands it to
     * {@code nobody}; the data folder itself may be opened for passage ({@code o+x}, never {@code o+r}).
     */
    static void secure(Path root, Path chosen, boolean asRoot) throws IOException, InterruptedException {
        Files.setPosixFilePermissions(chosen, OWNER_ONLY);
        if (asRoot) {
            if (chosen.equals(root.toAbsolutePath().normalize())) {
                openForPassage(chosen.getParent());
            }
            run("chown", "-R", NOBODY + ":" + NOBODY, chosen.toString());
        }
    }

    /** Every folder strictly above {@code dataDir} lets others pass. */
    private static boolean othersCanPassAbove(Path dataDir) throws IOException {
        for (Path dir = dataDir.getParent(); dir != null; dir = dir.getParent()) {
            if (!Files.getPosixFilePermissions(dir).contains(PosixFilePermission.OTHERS_EXECUTE)) {
                return false;
            }
        }
        return true;
    }

    /** The data folder itself may need o+x (a mktemp folder is 700); nothing above it is touched. */
    private static void openForPassage(Path dataDir) throws IOException {
        Set<PosixFilePermission> permissions = Files.getPosixFilePermissions(dataDir);
        if (permissions.add(PosixFilePermission.OTHERS_EXECUTE)) {
            Files.setPosixFilePermissions(dataDir, permissions);
        }
    }

    private static Path relocated(Path requested) throws IOException {
        Path chosen =
                SYSTEM_STATE.resolve("es-" + Ids.sha256Hex(requested.toString()).substring(0, 16));
        Files.createDirectories(SYSTEM_STATE);
        Files.setPosixFilePermissions(SYSTEM_STATE, PosixFilePermissions.fromString("rwx--x--x"));
        RelocatedFolders.removeOrphans(SYSTEM_STATE, chosen, temporaryFolder());
        Files.writeString(requested.resolve(LOCATION), chosen + "\n", StandardCharsets.UTF_8);
        Files.createDirectories(chosen);
        RelocatedFolders.recordOwner(chosen, requested);
        Path earlierData = requested.resolve("data");
        if (Files.isDirectory(earlierData) && !Files.exists(chosen.resolve("data"))) {
            // An earlier version kept the index here (and opened the folders above): keep it, do not rebuild.
            Files.move(earlierData, chosen.resolve("data"));
        }
        LOG.info(
                "its files are in {} (user nobody cannot reach {} without opening the folders above it)",
                chosen,
                requested);
        return chosen;
    }

    private static Path temporaryFolder() {
        return Path.of(System.getProperty("java.io.tmpdir")).toAbsolutePath().normalize();
    }

    private static void run(String... command) throws IOException, InterruptedException {
        Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
        String output = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (p.waitFor() != 0) {
            throw new IOException(String.join(" ", command) + " failed: " + output);
        }
    }
}

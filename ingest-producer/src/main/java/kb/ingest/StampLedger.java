package kb.ingest;

import com.fasterxml.jackson.core.type.TypeReference;
import java.io.IOException;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.FileTime;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import kb.core.Ids;
import kb.core.Json;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The folder's confirmed reads ({@link FolderStamps.Confirmed}) kept in a file across restarts, so that a restart's
 * scan reads only the files whose size or modification time changed, or whose content the catalogue does not hold
 * (a send that was lost): on a folder of thousands of notes and documents it costs their attributes, not their
 * contents, while Elasticsearch boots beside it. Written after a scan or comparison of the folder and at a stop; a
 * kill leaves the last one, whose reads the catalogue still checks. Without a state folder nothing is kept.
 */
final class StampLedger {

    private static final Logger LOG = LoggerFactory.getLogger(StampLedger.class);
    private static final int VERSION = 1;

    /** One file's confirmed read as written. */
    record Entry(String path, long size, long modifiedNanos, String sha256) {}

    /** The file's content: the folder it describes, so that a ledger of another folder is never taken. */
    record Contents(int version, String folder, List<Entry> files) {}

    private final Path file;
    private final String folder;

    private StampLedger(Path file, String folder) {
        this.file = file;
        this.folder = folder;
    }

    /** The ledger of {@code baseDir}'s collection in {@code stateDir}, or none when there is no state folder. */
    static StampLedger of(Path stateDir, String collection, Path baseDir) {
        if (stateDir == null) {
            return new StampLedger(null, null);
        }
        String folder = baseDir.toAbsolutePath().normalize().toString();
        String name = "stamps-" + Ids.sha256Hex(collection + "\n" + folder).substring(0, 16) + ".json";
        return new StampLedger(stateDir.resolve(name), folder);
    }

    /** The reads kept by the last run over this folder; none when there is no ledger or it cannot be read. */
    Map<String, FolderStamps.Confirmed> load() {
        if (file == null || !Files.isRegularFile(file)) {
            return Map.of();
        }
        try {
            Contents contents = Json.MAPPER.readValue(file.toFile(), new TypeReference<Contents>() {});
            if (contents.version() != VERSION || !folder.equals(contents.folder())) {
                return Map.of();
            }
            Map<String, FolderStamps.Confirmed> reads = new HashMap<>();
            for (Entry e : contents.files()) {
                FolderStamps.Stamp stamp =
                        new FolderStamps.Stamp(e.size(), FileTime.from(e.modifiedNanos(), TimeUnit.NANOSECONDS));
                reads.put(e.path(), new FolderStamps.Confirmed(stamp, e.sha256()));
            }
            return reads;
        } catch (IOException | RuntimeException e) {
            LOG.info("the folder's kept stamps could not be read ({}): every file is read again", e.toString());
            return Map.of();
        }
    }

    /** Writes the reads, replacing the last ledger whole; a failure (a full disk) keeps the last one. */
    void save(Map<String, FolderStamps.Confirmed> reads) {
        if (file == null) {
            return;
        }
        List<Entry> entries = reads.entrySet().stream()
                .map(e -> new Entry(
                        e.getKey(),
                        e.getValue().stamp().size(),
                        e.getValue().stamp().modified().to(TimeUnit.NANOSECONDS),
                        e.getValue().sha256()))
                .toList();
        Path written = file.resolveSibling(file.getFileName() + ".tmp");
        try {
            Files.createDirectories(file.getParent());
            Json.MAPPER.writeValue(written.toFile(), new Contents(VERSION, folder, entries));
            move(written);
        } catch (IOException | RuntimeException e) {
            LOG.info("the folder's stamps could not be kept ({}): the next start reads every file", e.toString());
        }
    }

    private void move(Path written) throws IOException {
        try {
            Files.move(written, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } catch (AtomicMoveNotSupportedException e) {
            Files.move(written, file, StandardCopyOption.REPLACE_EXISTING);
        }
    }
}

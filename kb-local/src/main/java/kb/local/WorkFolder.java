package kb.local;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import kb.infra.RelocatedFolders;

/**
 * The folder a measuring command ({@code kb bench}, {@code kb eval}) writes its files, broker and index into: the
 * one the user named, kept for the next run, or a temporary one, deleted when the command has printed its figures
 * (with Elasticsearch's files, which may live outside it: a million-chunk bench leaves 5 GB there otherwise). A
 * command that fails keeps its temporary folder, and says where, for its logs.
 *
 * @param path      the folder
 * @param temporary true when the command made it and nobody else knows its name
 */
public record WorkFolder(Path path, boolean temporary) {

    /** The named folder, created, or a new temporary one named {@code prefix...} when {@code named} is null. */
    public static WorkFolder of(Path named, String prefix) throws IOException {
        return named != null
                ? new WorkFolder(Files.createDirectories(named), false)
                : new WorkFolder(Files.createTempDirectory(prefix), true);
    }

    /** The pipeline's data folder inside it (broker log, index, locks). */
    public Path data() {
        return path.resolve("data");
    }

    /** After the command's figures are out: a temporary folder goes. */
    public void finished() throws IOException {
        if (temporary) {
            RelocatedFolders.deleteWithElasticsearch(path, data());
        }
    }

    /** After a failure: a temporary folder stays, for its logs. */
    public void failed() {
        if (temporary) {
            System.err.println("kb: the run's folder, data and logs are kept in " + path);
        }
    }
}

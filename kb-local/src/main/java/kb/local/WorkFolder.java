package kb.local;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.Callable;
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

    /** Runs a command's measurement in this folder: then deleted when temporary, kept and named if it failed. */
    public <T> T measure(Callable<T> measurement) throws Exception {
        T figures;
        try {
            figures = measurement.call();
        } catch (Exception | Error e) {
            failed();
            throw e;
        }
        finished();
        return figures;
    }

    /** After the command's figures are out: a temporary folder goes. */
    private void finished() throws IOException {
        if (temporary) {
            RelocatedFolders.deleteWithElasticsearch(path, data());
        }
    }

    /** After a failure: a temporary folder stays, for its logs. */
    private void failed() {
        if (temporary) {
            System.err.println("kb: the run's folder, data and logs are kept in " + path);
        }
    }
}

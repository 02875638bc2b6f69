package kb.ingest;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Consumer;
import kb.core.runtime.DiskSpace;
import kb.ingest.publish.Lane;

/**
 * One document's turn on the {@link DocumentLane}: waits out a full disk, extracts and publishes. A document deleted
 * while it was extracted is withdrawn rather than published, since its delete may have been published meanwhile.
 */
final class DocumentReading implements Consumer<String> {

    /** How long a turn waits before looking at a full disk again. */
    private static final long DISK_WAIT_MILLIS = 500;

    private final Path baseDir;
    private final FileEventReader reader;
    private final Publication publication;
    private final DiskSpace disk;
    private final AtomicBoolean running;
    private final FolderStamps stamps;

    /**
     * @param running false once the producer stops: an extraction cut short then is no verdict on the document
     * @param stamps  told what each read found, with the document's stamp just before it
     */
    DocumentReading(
            Path baseDir,
            FileEventReader reader,
            Publication publication,
            DiskSpace disk,
            AtomicBoolean running,
            FolderStamps stamps) {
        this.baseDir = baseDir;
        this.reader = reader;
        this.publication = publication;
        this.disk = disk;
        this.running = running;
        this.stamps = stamps;
    }

    @Override
    public void accept(String path) {
        try {
            while (running.get() && disk.full()) {
                Thread.sleep(DISK_WAIT_MILLIS);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return;
        }
        Optional<FolderStamps.Stamp> before = stamps.look(path);
        FileReadResult result = reader.read(path);
        if (result instanceof FileReadResult.Read read) {
            stamps.confirm(path, before, read.event().sha256());
        } else if (result instanceof FileReadResult.Unchanged unchanged) {
            stamps.confirm(path, before, unchanged.sha256());
        }
        if (!running.get()) {
            return; // stopping: an extraction cut short is no verdict on the document
        }
        if (result instanceof FileReadResult.Read && !Files.exists(baseDir.resolve(path))) {
            result = new FileReadResult.Gone(path);
        }
        publication.publish(path, result, Lane.SCAN);
    }
}

package kb.query.api;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.io.IOException;
import java.io.InputStream;
import java.time.Clock;
import java.time.Duration;
import java.util.Locale;
import kb.query.documents.DocumentCatalog;
import kb.query.documents.DocumentFiles;
import kb.query.status.IndexState;
import kb.query.status.WithIndexState;

/**
 * A file saved into a collection's folder (the HTTP upload, the {@code save_note} tool), through the one guard of
 * {@link DocumentFiles}, and, when the caller asks to wait, held until that version is searchable by its words or
 * {@code KB_WRITE_WAIT} has passed (searchable whole: its text and its vectors, see
 * {@link DocumentCatalog#visibility}): an agent that saves a note and searches for it next must find it (read your
 * writes), and one that could not be served in time is told so, with the index's state, instead of guessing.
 */
public final class SavedFiles {

    /** The first looks come quickly (a live edit is refreshed at once, within a few hundred milliseconds). */
    private static final Duration FIRST_POLL = Duration.ofMillis(25);

    private static final Duration MAX_POLL = Duration.ofMillis(250);

    private final ApiServices services;
    private final Clock clock;

    public SavedFiles(ApiServices services, Clock clock) {
        this.services = services;
        this.clock = clock;
    }

    /** A file to save: where, under which name, its bytes, and whether it may replace one there. */
    public record Upload(
            String collection, String category, String fileName, long size, InputStream content, boolean overwrite) {}

    /**
     * Where the file went and, when asked to wait, whether that version is searchable.
     *
     * @param contentHash  the SHA-256 of the bytes saved: the version the index is asked about
     * @param searchable   null when the caller did not wait; else whether the version was found searchable in time
     * @param waitedMillis how long the call waited (0 when it did not)
     * @param reason       only when waiting ran out: why the answer came without the version being searchable
     */
    public record Answer(
            String docId,
            String collection,
            String path,
            String contentHash,
            @JsonInclude(JsonInclude.Include.NON_NULL) Boolean searchable,
            long waitedMillis,
            @JsonInclude(JsonInclude.Include.NON_NULL) String reason) {}

    /** Saves, then, with {@code wait}, waits for the version to be searchable; the index's state goes with it. */
    public WithIndexState<Answer> save(Upload upload, boolean wait) throws IOException {
        DocumentFiles.Written written = services.documents()
                .files()
                .write(
                        upload.collection(),
                        upload.category(),
                        upload.fileName(),
                        upload.size(),
                        upload.content(),
                        upload.overwrite());
        Answer answer = wait ? waitFor(written) : answer(written, null, 0, null);
        return WithIndexState.of(answer, !Boolean.FALSE.equals(answer.searchable()), indexState());
    }

    private Answer waitFor(DocumentFiles.Written written) {
        Duration bound = services.documents().files().writeWait();
        long start = clock.millis();
        long deadline = start + bound.toMillis();
        Duration pause = FIRST_POLL;
        DocumentCatalog.Visibility seen = DocumentCatalog.Visibility.NOT_YET;
        String trouble = null;
        while (true) {
            try {
                seen = services.documents()
                        .catalog()
                        .visibility(
                                written.saved().docId(),
                                written.contentHash(),
                                services.documents().chunksAlias());
                if (seen == DocumentCatalog.Visibility.WHOLE) {
                    return answer(written, true, clock.millis() - start, null);
                }
                trouble = null;
            } catch (IOException | RuntimeException e) {
                trouble = "Elasticsearch did not answer: " + e.getMessage();
            }
            long left = deadline - clock.millis();
            if (left <= 0 || !sleep(Math.min(left, pause.toMillis()))) {
                return answer(written, false, clock.millis() - start, notYet(bound, seen, trouble));
            }
            pause = pause.multipliedBy(2).compareTo(MAX_POLL) > 0 ? MAX_POLL : pause.multipliedBy(2);
        }
    }

    /** Why the answer came before the version was searchable, in words; the index's state says how far behind. */
    private String notYet(Duration bound, DocumentCatalog.Visibility seen, String trouble) {
        String waited =
                String.format(Locale.ROOT, "not searchable after %.1f s (KB_WRITE_WAIT)", bound.toMillis() / 1000.0);
        if (trouble != null) {
            return waited + ": " + trouble;
        }
        if (seen == DocumentCatalog.Visibility.WORDS) {
            return waited + ": found by its words (keywords, BM25) but its vectors are still being computed, so a "
                    + "search by meaning may rank it low (see index.chunksAwaitingVectors)";
        }
        IndexState state = indexState();
        if (state.pendingChanges() != null && state.pendingChanges() > 0) {
            return waited + ": the file is saved; " + state.pendingChanges()
                    + " changes are still being indexed before or with it (see index)";
        }
        return waited + ": the file is saved but the pipeline has not indexed this version yet (is the watcher "
                + "running over this folder? see index)";
    }

    private IndexState indexState() {
        return services.health().status().indexState();
    }

    private static Answer answer(DocumentFiles.Written written, Boolean searchable, long waited, String reason) {
        return new Answer(
                written.saved().docId(),
                written.saved().collection(),
                written.saved().path(),
                written.contentHash(),
                searchable,
                waited,
                reason);
    }

    private static boolean sleep(long millis) {
        try {
            Thread.sleep(millis);
            return true;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }
}

package kb.tools.cluster;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import java.util.concurrent.atomic.AtomicLong;
import kb.core.runtime.Threads;

/**
 * What the drills run under: a writer that creates, edits and deletes files (about 5 changes a second) and a
 * reader that searches through the APIs (about 10 a second), counting the requests no API answered.
 */
final class Load implements AutoCloseable {

    private static final String[] WORDS = {
        "broker",
        "partition",
        "replica",
        "shard",
        "index",
        "vector",
        "offset",
        "leader",
        "follower",
        "segment",
        "compaction",
        "rebalance",
        "consumer",
        "producer",
        "cluster"
    };

    private final List<Path> folders;
    private final FailoverClient client;
    private final Random random = new Random(42);
    private final List<Path> files = new ArrayList<>();
    private final AtomicLong requests = new AtomicLong();
    private final AtomicLong failed = new AtomicLong();
    /** Why each failed request failed, in order. */
    private final List<String> failures = Collections.synchronizedList(new ArrayList<>());

    private final AtomicLong changes = new AtomicLong();
    private volatile boolean writing;
    private volatile boolean running = true;
    private final Thread writer;
    private final Thread reader;
    private int created;

    /** @param folders the collections' folders: new files go to each in turn */
    Load(List<Path> folders, FailoverClient client) {
        this.folders = List.copyOf(folders);
        this.client = client;
        this.writer = Threads.worker("kb-drill-writer", this::writeLoop);
        this.reader = Threads.worker("kb-drill-reader", this::readLoop);
    }

    /** Writes the starting set of files (before the cluster starts, or under it). */
    void seed(int count) throws IOException {
        for (int i = 0; i < count; i++) {
            create();
        }
    }

    void start() {
        writer.start();
        reader.start();
    }

    void writing(boolean on) {
        writing = on;
    }

    long requests() {
        return requests.get();
    }

    long failed() {
        return failed.get();
    }

    /** Why the failed requests from the {@code from}-th on failed. */
    List<String> failuresSince(int from) {
        synchronized (failures) {
            return List.copyOf(failures.subList(Math.min(from, failures.size()), failures.size()));
        }
    }

    long changes() {
        return changes.get();
    }

    private void writeLoop() {
        while (running) {
            try {
                if (writing) {
                    change();
                    changes.incrementAndGet();
                }
                Thread.sleep(200);
            } catch (InterruptedException e) {
                return;
            } catch (IOException | UncheckedIOException e) {
                // a file the pipeline's own delete raced with: the next change goes on
            }
        }
    }

    private void readLoop() {
        while (running) {
            try {
                String q = WORDS[random.nextInt(WORDS.length)] + " " + WORDS[random.nextInt(WORDS.length)];
                requests.incrementAndGet();
                FailoverClient.Answer answer =
                        client.ask("/api/v1/search?q=" + URLEncoder.encode(q, StandardCharsets.UTF_8));
                if (answer.failed()) {
                    failed.incrementAndGet();
                    failures.add(String.join("; ", answer.errors()));
                }
                Thread.sleep(100);
            } catch (InterruptedException e) {
                return;
            }
        }
    }

    private synchronized void change() throws IOException {
        int dice = random.nextInt(10);
        if (dice < 5 || files.size() < 20) {
            create();
        } else if (dice < 9) {
            Files.writeString(files.get(random.nextInt(files.size())), text(), StandardCharsets.UTF_8);
        } else {
            Files.deleteIfExists(files.remove(random.nextInt(files.size())));
        }
    }

    private synchronized void create() throws IOException {
        Path folder = folders.get(created % folders.size());
        Path file = folder.resolve("load/note-" + (created++) + ".md");
        Files.createDirectories(file.getParent());
        Files.writeString(file, text(), StandardCharsets.UTF_8);
        files.add(file);
    }

    private String text() {
        StringBuilder text = new StringBuilder("# Note about " + WORDS[random.nextInt(WORDS.length)] + "\n\n");
        for (int p = 0; p < 3; p++) {
            for (int w = 0; w < 40; w++) {
                text.append(WORDS[random.nextInt(WORDS.length)]).append(w % 12 == 11 ? ".\n" : " ");
            }
            text.append(random.nextInt(1_000_000)).append("\n\n");
        }
        return text.toString();
    }

    @Override
    public void close() throws InterruptedException {
        running = false;
        writer.interrupt();
        reader.interrupt();
        writer.join();
        reader.join();
    }
}

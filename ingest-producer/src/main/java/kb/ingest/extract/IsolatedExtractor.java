package kb.ingest.extract;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import kb.core.Json;
import kb.core.runtime.Threads;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Extracts documents in a child JVM of our own ({@link ExtractorMain}) with a bounded heap, one document at a time,
 * and waits for each at most the timeout: a parser that loops is killed, one that runs out of memory ends its
 * process ({@code -XX:+ExitOnOutOfMemoryError}), and either way the document is a {@link Extraction.Failed} and the
 * next one gets a fresh process. The process is started on the first document and kept between documents, since
 * starting a JVM and loading Tika's parsers costs about as much as extracting a few documents.
 *
 * <p>Thread-safe: callers take turns.
 */
public final class IsolatedExtractor implements Extractor {

    private static final Logger LOG = LoggerFactory.getLogger(IsolatedExtractor.class);
    /** What {@code -XX:+ExitOnOutOfMemoryError} exits with. */
    private static final int OUT_OF_MEMORY_EXIT = 3;
    /**
     * What the JVM itself prints on standard output, where answers arrive, as {@code -XX:+ExitOnOutOfMemoryError}
     * ends it ("Terminating due to java.lang.OutOfMemoryError: Java heap space"): no answer, the child's death.
     */
    private static final String OUT_OF_MEMORY = OutOfMemoryError.class.getName();
    /** Marks the end of the child's answers in the queue (the process ended). */
    private static final String ENDED = "\u0000ended";

    private final ExtractionLimits limits;
    private Child child;

    public IsolatedExtractor(ExtractionLimits limits) {
        this.limits = limits;
    }

    /** A running extractor process and the queue its answers arrive on. */
    private record Child(Process process, Writer requests, BlockingQueue<String> answers) {}

    @Override
    public synchronized Extraction extract(Path file, String format) {
        try {
            Child running = child != null && child.process().isAlive() ? child : start();
            child = running;
            running.requests()
                    .write(Json.MAPPER.writeValueAsString(new ExtractorMain.Request(
                                    file.toAbsolutePath().toString(), format))
                            + "\n");
            running.requests().flush();
            String answer = running.answers().poll(limits.timeout().toMillis(), TimeUnit.MILLISECONDS);
            if (answer == null) {
                stop(running);
                return new Extraction.Failed("timeout", "timed out after " + seconds(limits.timeout()) + " s");
            }
            if (ENDED.equals(answer) || saysOutOfMemory(answer)) {
                return died(running, saysOutOfMemory(answer));
            }
            return Json.MAPPER.readValue(answer, ExtractorMain.Response.class).extraction();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            stop(child);
            return new Extraction.Failed("unparseable", "extraction interrupted");
        } catch (IOException e) {
            stop(child);
            return new Extraction.Failed("unparseable", "the extractor process failed: " + e.getMessage());
        }
    }

    /**
     * Whether the line is the JVM's own word that it ran out of memory. An answer is one JSON object and may well
     * hold the error's name: a Java manual's text mentions {@code java.lang.OutOfMemoryError}, and kb-docs-dev's
     * was dead-lettered as out of memory until answers were told apart by their first character.
     */
    private static boolean saysOutOfMemory(String line) {
        return !line.startsWith("{") && line.contains(OUT_OF_MEMORY);
    }

    private static String seconds(Duration timeout) {
        return timeout.toMillis() % 1000 == 0
                ? Long.toString(timeout.toSeconds())
                : String.format(Locale.ROOT, "%.1f", timeout.toMillis() / 1000.0);
    }

    private Extraction died(Child ended, boolean saidOutOfMemory) throws InterruptedException {
        ended.process().waitFor(5, TimeUnit.SECONDS);
        int exit = ended.process().isAlive() ? -1 : ended.process().exitValue();
        stop(ended);
        if (exit == OUT_OF_MEMORY_EXIT || saidOutOfMemory) {
            return new Extraction.Failed(
                    "too_large", "too large: the extractor ran out of memory (" + limits.heapMb() + " MB)");
        }
        return new Extraction.Failed("unparseable", "the extractor process ended with exit code " + exit);
    }

    private Child start() throws IOException {
        List<String> command = new ArrayList<>(List.of(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Xmx" + limits.heapMb() + "m",
                "-XX:+ExitOnOutOfMemoryError",
                "-XX:+UseSerialGC",
                "-Xss4m",
                "-Djava.awt.headless=true",
                "-cp",
                System.getProperty("java.class.path"),
                ExtractorMain.class.getName(),
                Long.toString(limits.maxChars()),
                limits.ocr().id(),
                Long.toString(ocrBudget(limits.timeout()).toMillis())));
        if (limits.layoutDir() != null) {
            command.add(limits.layoutDir().toString());
        }
        Process process = new ProcessBuilder(command).start();
        BlockingQueue<String> answers = new LinkedBlockingQueue<>();
        Threads.daemon("kb-extractor-answers", () -> readAnswers(process, answers))
                .start();
        Threads.daemon("kb-extractor-stderr", () -> logErrors(process)).start();
        LOG.info(
                "started the extractor process (pid {}, heap {} MB, timeout {} s)",
                process.pid(),
                limits.heapMb(),
                limits.timeout().toSeconds());
        return new Child(process, new OutputStreamWriter(process.getOutputStream(), StandardCharsets.UTF_8), answers);
    }

    /**
     * OCR stops reading a document's pages at three quarters of its timeout: a long scan is then published with the
     * pages read, not killed with none.
     */
    static Duration ocrBudget(Duration timeout) {
        return timeout.multipliedBy(3).dividedBy(4);
    }

    private static void readAnswers(Process process, BlockingQueue<String> answers) {
        try (BufferedReader in =
                new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8))) {
            for (String line = in.readLine(); line != null; line = in.readLine()) {
                answers.add(line);
            }
        } catch (IOException e) {
            LOG.debug("extractor output closed: {}", e.toString());
        }
        answers.add(ENDED);
    }

    /** Parsers warn about fonts and malformed parts on every other file: worth a DEBUG line, not more. */
    private static void logErrors(Process process) {
        try (BufferedReader in =
                new BufferedReader(new InputStreamReader(process.getErrorStream(), StandardCharsets.UTF_8))) {
            for (String line = in.readLine(); line != null; line = in.readLine()) {
                LOG.debug("{}", line);
            }
        } catch (IOException e) {
            LOG.debug("extractor errors closed: {}", e.toString());
        }
    }

    private void stop(Child running) {
        if (running == null) {
            return;
        }
        running.process().destroyForcibly();
        try {
            running.process().waitFor(5, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        if (child == running) {
            child = null;
        }
    }

    @Override
    public synchronized void close() {
        if (child != null) {
            try {
                child.requests().close(); // its input ends: it exits by itself
                child.process().waitFor(2, TimeUnit.SECONDS);
            } catch (IOException | InterruptedException e) {
                LOG.debug("closing the extractor: {}", e.toString());
            }
            stop(child);
        }
    }
}

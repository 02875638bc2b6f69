package kb.local.mcp;

import java.io.IOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The kb running on a data folder, as its lock file names it ({@code DATADIR/kb.lock}: {@code pid N, http://...},
 * written by {@code kb up}): found when that process is alive and has advertised its address, else the reason in
 * words, with how to start one.
 *
 * @param url   where its API answers, or null when none runs
 * @param why   null when found; else why not, and what to do
 */
public record RunningKb(URI url, String why) {

    private static final Pattern ADVERTISED = Pattern.compile("pid (\\d+), (https?://\\S+)");

    /** Reads the lock file now: a kb may start or stop between two calls. */
    public static RunningKb of(Path dataDir) {
        Path data = dataDir.toAbsolutePath().normalize();
        String start = "start one with `kb up --dir YOUR_FOLDER --data " + data + "` and keep it running; `kb mcp "
                + "--data " + data + "` forwards to it";
        String text;
        try {
            text = Files.readString(data.resolve("kb.lock"), StandardCharsets.UTF_8)
                    .strip();
        } catch (NoSuchFileException e) {
            return new RunningKb(null, "no kb has run on the data folder " + data + ": " + start);
        } catch (IOException e) {
            return new RunningKb(
                    null, "the data folder " + data + " cannot be read (" + e.getMessage() + "): " + start);
        }
        Matcher advertised = ADVERTISED.matcher(text);
        if (!advertised.find()) {
            boolean starting = text.contains("starting") && alive(text);
            return new RunningKb(
                    null,
                    starting
                            ? "the kb on " + data + " is starting: retry in a moment"
                            : "no kb is running on the data folder " + data + ": " + start);
        }
        if (!ProcessHandle.of(Long.parseLong(advertised.group(1)))
                .map(ProcessHandle::isAlive)
                .orElse(false)) {
            return new RunningKb(
                    null,
                    "no kb is running on the data folder " + data + " (the last one, pid " + advertised.group(1)
                            + ", has ended): " + start);
        }
        return new RunningKb(URI.create(advertised.group(2).replace("://0.0.0.0:", "://127.0.0.1:")), null);
    }

    private static boolean alive(String text) {
        Matcher pid = Pattern.compile("pid (\\d+)").matcher(text);
        return pid.find()
                && ProcessHandle.of(Long.parseLong(pid.group(1)))
                        .map(ProcessHandle::isAlive)
                        .orElse(false);
    }

    public Optional<URI> found() {
        return Optional.ofNullable(url);
    }
}

package kb.local;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeFalse;

import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A start-up mistake is found before anything starts: {@code kb up} as a real process, given a port in use (a real
 * socket holds it), a file as {@code --dir}, a {@code --data} it cannot write or too little free space, ends within
 * 3 s (beyond what {@code kb --help} takes to start a JVM now) with status 2 and one line saying why, instead of
 * failing after the broker and Elasticsearch started (45 s for a port in use, before).
 */
class StartupChecksTest {

    private static final Duration DEADLINE = Duration.ofSeconds(3);

    @TempDir
    Path work;

    @Test
    void shouldRefuseWithinThreeSecondsWhenTheApiPortIsInUse() throws Exception {
        try (ServerSocket taken = new ServerSocket(0, 50, InetAddress.getLoopbackAddress())) {
            int port = taken.getLocalPort();
            String line = refused(Map.of(), "--dir", notes().toString(), "--port", Integer.toString(port));
            assertTrue(line.contains("port " + port) && line.contains("in use"), line);
        }
    }

    @Test
    void shouldRefuseWithinThreeSecondsWhenDirIsAFile() throws Exception {
        Path file = Files.writeString(work.resolve("notes.md"), "# A file, not a folder\n");
        String line = refused(Map.of(), "--dir", file.toString());
        assertEquals("kb: --dir " + file + " is a file, not a folder", line);
    }

    @Test
    void shouldRefuseWithinThreeSecondsWhenDirIsUnreadable() throws Exception {
        assumeFalse("root".equals(System.getProperty("user.name")), "root reads every folder");
        Path locked = Files.createDirectories(work.resolve("locked"));
        Files.setPosixFilePermissions(locked, PosixFilePermissions.fromString("---------"));
        try {
            String line = refused(Map.of(), "--dir", locked.toString());
            assertTrue(line.startsWith("kb: --dir " + locked + " cannot be read"), line);
        } finally {
            Files.setPosixFilePermissions(locked, PosixFilePermissions.fromString("rwx------"));
        }
    }

    @Test
    void shouldRefuseWithinThreeSecondsWhenDataIsNotWritable() throws Exception {
        // Under a file no folder can be made, whoever runs it (root writes past any permission bit).
        Path file = Files.writeString(work.resolve("plain-file"), "x");
        Path data = file.resolve("data");
        String line = refusedWithData(data, Map.of());
        assertTrue(line.startsWith("kb: --data " + data + " is not writable"), line);
    }

    @Test
    void shouldRefuseWithinThreeSecondsWhenDataIsAFile() throws Exception {
        Path file = Files.writeString(work.resolve("data-file"), "x");
        String line = refusedWithData(file, Map.of());
        assertEquals("kb: --data " + file + " is a file, not a folder", line);
    }

    @Test
    void shouldRefuseWithinThreeSecondsWhenTooLittleSpaceIsFree() throws Exception {
        Path data = work.resolve("data");
        String line = refusedWithData(data, Map.of("KB_DISK_MIN_FREE_MB", "900000000"));
        assertTrue(line.startsWith("kb: only ") && line.contains("MB free in " + data), line);
    }

    private Path notes() throws Exception {
        Path notes = Files.createDirectories(work.resolve("notes"));
        Files.writeString(notes.resolve("a.md"), "# A\n\nA note.\n");
        return notes;
    }

    private String refusedWithData(Path data, Map<String, String> env) throws Exception {
        return refused(env, "--dir", notes().toString(), "--data", data.toString(), "--port", "0");
    }

    /** Runs {@code kb up ARGS}; asserts status 2 within the deadline and one line on stderr, which it returns. */
    private String refused(Map<String, String> env, String... args) throws Exception {
        String[] command = new String[args.length + (contains(args, "--data") ? 1 : 3)];
        command[0] = "up";
        System.arraycopy(args, 0, command, 1, args.length);
        if (!contains(args, "--data")) {
            command[args.length + 1] = "--data";
            command[args.length + 2] = work.resolve("data").toString();
        }
        Duration deadline = DEADLINE.plus(KbProcess.jvmStart(work.resolve("logs")));
        long start = System.nanoTime();
        try (KbProcess kb = KbProcess.start(work.resolve("logs"), "kb", env, command)) {
            Integer status = kb.exitWithin(deadline);
            long millis = (System.nanoTime() - start) / 1_000_000;
            System.out.printf("[startup-checks] %s: status %s in %d ms%n", String.join(" ", args), status, millis);
            assertEquals(2, status, "status 2 within " + deadline + "; stdout:\n" + kb.stdout() + kb.stderr());
            String[] lines = kb.stderr().strip().split("\n");
            assertEquals(1, lines.length, kb.stderr());
            return lines[0];
        }
    }

    private static boolean contains(String[] args, String option) {
        for (String arg : args) {
            if (arg.equals(option)) {
                return true;
            }
        }
        return false;
    }
}

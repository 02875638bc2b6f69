package kb.core;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The size of the house's rooms: no package of main code holds more than {@value #MAX_CLASSES} classes (the file's
 * length is Checkstyle's, {@code FileLength}). A package that grows past it is split by job, as the stages were.
 */
class HouseRulesTest {

    static final int MAX_CLASSES = 25;

    private static final Path ROOT = Path.of("..");

    @Test
    void shouldKeepEveryPackageOfMainCodeToAtMost25Classes() throws IOException {
        assertEquals(Map.of(), oversized(ROOT), "packages over " + MAX_CLASSES + " classes (split them by job)");
    }

    @Test
    void shouldFindAPackageOverTheCap(@TempDir Path root) throws IOException {
        Path probe = Files.createDirectories(root.resolve("probe-module/src/main/java/kb/probe"));
        for (int i = 0; i <= MAX_CLASSES; i++) {
            Files.writeString(probe.resolve("Probe" + i + ".java"), "package kb.probe; class Probe" + i + " {}");
        }
        assertEquals(Map.of("probe-module: kb.probe", MAX_CLASSES + 1), oversized(root));
    }

    /** Each package of main code over the cap, as {@code module: package}, with its count of classes. */
    static Map<String, Integer> oversized(Path root) throws IOException {
        Map<String, Integer> over = new TreeMap<>();
        for (Path sources : mainSourceRoots(root)) {
            try (Stream<Path> folders = Files.walk(sources)) {
                for (Path folder : folders.filter(Files::isDirectory).toList()) {
                    int classes = javaFiles(folder);
                    if (classes > MAX_CLASSES) {
                        String module = root.relativize(sources).getName(0).toString();
                        over.put(
                                module + ": "
                                        + sources.relativize(folder).toString().replace('/', '.'),
                                classes);
                    }
                }
            }
        }
        return over;
    }

    private static List<Path> mainSourceRoots(Path root) throws IOException {
        try (Stream<Path> modules = Files.list(root)) {
            return modules.map(module -> module.resolve("src/main/java"))
                    .filter(Files::isDirectory)
                    .toList();
        }
    }

    private static int javaFiles(Path folder) throws IOException {
        try (Stream<Path> files = Files.list(folder)) {
            return (int) files.filter(f -> f.toString().endsWith(".java")).count();
        }
    }
}

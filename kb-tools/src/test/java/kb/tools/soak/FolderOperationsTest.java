package kb.tools.soak;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.stream.Stream;
import kb.testkit.TempTrees;
import org.junit.jupiter.api.Test;

class FolderOperationsTest {

    @Test
    void shouldReplayTheSameOperationsWhenGivenTheSameSeed() throws Exception {
        Path root = Files.createTempDirectory("kb-soak-ops-");
        try {
            List<String> first = run(root.resolve("a"), 7);
            List<String> second = run(root.resolve("b"), 7);
            assertEquals(first, second);
            assertTrue(!run(root.resolve("c"), 8).equals(first), "another seed, another folder");
        } finally {
            TempTrees.delete(root);
        }
    }

    @Test
    void shouldApplyEveryKindWhenRunLongEnough() throws Exception {
        Path root = Files.createTempDirectory("kb-soak-ops-");
        try {
            FolderOperations operations = new FolderOperations(root.resolve("kb"), 60, new Random(3));
            operations.seed();
            for (int i = 0; i < 600; i++) {
                operations.applyNext();
            }
            for (OpKind kind : OpKind.values()) {
                assertTrue(operations.counts().getOrDefault(kind, 0) > 0, kind + " never applied");
            }
            int notes = FolderTree.read(root.resolve("kb")).notes().size();
            assertTrue(notes > 20 && notes < 600, "the folder stays near its target: " + notes);
        } finally {
            TempTrees.delete(root);
        }
    }

    /** Every path of the folder after 300 operations, with its size or link target. */
    private static List<String> run(Path folder, long seed) throws IOException, InterruptedException {
        FolderOperations operations = new FolderOperations(folder, 40, new Random(seed));
        operations.seed();
        for (int i = 0; i < 300; i++) {
            operations.applyNext();
        }
        List<String> listing = new ArrayList<>();
        try (Stream<Path> paths = Files.walk(folder)) {
            for (Path path : paths.sorted().toList()) {
                String name = folder.relativize(path).toString();
                if (Files.isSymbolicLink(path)) {
                    listing.add(name + " -> " + Files.readSymbolicLink(path));
                } else if (Files.isRegularFile(path)) {
                    listing.add(name + " " + Files.readString(path).hashCode());
                } else {
                    listing.add(name + "/");
                }
            }
        }
        return listing;
    }
}

package kb.infra;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import java.util.zip.ZipEntry;
import java.util.zip.ZipOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class DistributionCacheTest {

    @TempDir
    Path tmp;

    private Path zip() throws IOException {
        return zip(tmp.resolve("elasticsearch.zip"), "9.9.9", "cluster.name: x");
    }

    private static Path zip(Path zip, String version, String config) throws IOException {
        Files.createDirectories(zip.getParent());
        try (ZipOutputStream out = new ZipOutputStream(Files.newOutputStream(zip))) {
            for (String[] entry : new String[][] {
                {"elasticsearch-" + version + "/bin/elasticsearch", "#!/bin/sh"},
                {"elasticsearch-" + version + "/config/elasticsearch.yml", config}
            }) {
                out.putNextEntry(new ZipEntry(entry[0]));
                out.write(entry[1].getBytes(StandardCharsets.UTF_8));
                out.closeEntry();
            }
        }
        return zip;
    }

    @Test
    void shouldUnpackOncePerMachineAndShareTheHome() throws IOException {
        Path zip = zip();
        Path cache = tmp.resolve("cache");
        Path home = DistributionCache.home(zip, cache);
        assertEquals("elasticsearch-9.9.9", home.getFileName().toString());
        assertTrue(Files.isExecutable(home.resolve("bin/elasticsearch")));
        Path marker = home.getParent().resolve(".unpacked");
        long unpackedAt = Files.getLastModifiedTime(marker).toMillis();
        Files.writeString(home.resolve("config/elasticsearch.yml"), "touched"); // a second unpack would undo this
        assertEquals(home, DistributionCache.home(zip, cache));
        assertEquals("touched", Files.readString(home.resolve("config/elasticsearch.yml")));
        assertEquals(unpackedAt, Files.getLastModifiedTime(marker).toMillis());
    }

    @Test
    void shouldShareOneCopyWhenTheSameDistributionComesFromAnotherCheckout() throws IOException {
        Path cache = tmp.resolve("cache");
        Path home = DistributionCache.home(zip(tmp.resolve("a/dist/elasticsearch.zip"), "9.9.9", "x"), cache);
        Path rebuilt = zip(tmp.resolve("b/dist/elasticsearch.zip"), "9.9.9", "x");
        Files.setLastModifiedTime(rebuilt, FileTime.from(Instant.now().plus(Duration.ofHours(1))));
        assertEquals(home, DistributionCache.home(rebuilt, cache), "another path and time, the same content");
        assertTrue(home.getParent().getFileName().toString().matches("9\\.9\\.9-[0-9a-f]{12}"), home.toString());
        assertEquals(1, folders(cache.resolve("elasticsearch")).size());
    }

    @Test
    void shouldUnpackAChangedDistributionIntoACopyOfItsOwn() throws IOException {
        Path cache = tmp.resolve("cache");
        Path home = DistributionCache.home(zip(tmp.resolve("a.zip"), "9.9.9", "x"), cache);
        Path changed = DistributionCache.home(zip(tmp.resolve("b.zip"), "9.9.9", "y"), cache);
        assertNotEquals(home.getParent(), changed.getParent());
        assertEquals("y", Files.readString(changed.resolve("config/elasticsearch.yml")));
        assertTrue(Files.exists(home), "this JVM still holds the first copy");
    }

    /** Two kb processes of different versions on one machine: neither removes the copy the other runs. */
    @Test
    void shouldRemoveAnOlderCopyOnlyOnceNoProcessHoldsIt() throws Exception {
        Path cache = tmp.resolve("cache");
        Path older = zip(tmp.resolve("older.zip"), "9.9.8", "x");
        Process other = new ProcessBuilder(
                        Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                        "-cp",
                        System.getProperty("java.class.path"),
                        CopyHolderMain.class.getName(),
                        older.toString(),
                        cache.toString())
                .redirectError(ProcessBuilder.Redirect.INHERIT)
                .start();
        try {
            String line = new BufferedReader(new InputStreamReader(other.getInputStream(), StandardCharsets.UTF_8))
                    .readLine();
            assertEquals("held", line);
            Path olderCopy = folders(cache.resolve("elasticsearch")).get(0);
            Path newer = zip(tmp.resolve("newer.zip"), "9.9.9", "x");
            Path home = DistributionCache.home(newer, cache);
            assertTrue(Files.exists(olderCopy), "the other process runs it");
            other.destroyForcibly(); // kill -9: the operating system releases its lease
            assertTrue(other.waitFor(30, TimeUnit.SECONDS));
            assertEquals(home, DistributionCache.home(newer, cache));
            assertEquals(List.of(home.getParent()), folders(cache.resolve("elasticsearch")));
        } finally {
            other.destroyForcibly();
        }
    }

    @Test
    void shouldKeepACopyMadeBeforeLeasesForADayAndWhileAProcessNamesIt() throws IOException {
        Path parent = Files.createDirectories(tmp.resolve("cache/elasticsearch"));
        Path keep = unpackedCopy(parent, "8.19.21-0123456789ab", Duration.ZERO);
        Path young = unpackedCopy(parent, "5e06710afc9ea1a6", Duration.ofHours(23));
        Path old = unpackedCopy(parent, "15290a0da3147c6a", Duration.ofHours(25));
        Path running = unpackedCopy(parent, "0da88d397d0a1685", Duration.ofDays(3));
        Path crashedUnpacking = unpackedCopy(parent, ".unpacking-crashed", Duration.ofDays(2));
        Path liveUnpacking = Files.createDirectories(parent.resolve(".unpacking-live"));
        CopyCleaner cleaner = new CopyCleaner(
                Instant.now(), () -> List.of("java -Des.path.home=" + running.resolve("elasticsearch-1.0.0")));
        List<Path> removed = cleaner.removeUnused(parent, keep);
        assertEquals(2, removed.size(), removed.toString());
        assertTrue(Files.notExists(old));
        assertTrue(Files.notExists(crashedUnpacking));
        for (Path kept : List.of(keep, young, running, liveUnpacking)) {
            assertTrue(Files.exists(kept), kept.toString());
        }
        assertEquals(4, folders(parent).size(), "nothing left aside");
    }

    /** An Elasticsearch started by a kb that takes no lease names its copy's home on its command line. */
    @Test
    void shouldSeeACopyARunningProcessNamesOnItsCommandLine() throws Exception {
        Path copy = Files.createDirectories(tmp.resolve("cache/elasticsearch/15290a0da3147c6a"));
        Path home = Files.createDirectories(copy.resolve("elasticsearch-8.19.21"));
        Process process = new ProcessBuilder(
                        "/bin/sh",
                        "-c",
                        "read line",
                        home.resolve("bin/elasticsearch").toString())
                .start();
        try {
            List<String> running = CopyCleaner.runningCommandLines();
            assertTrue(CopyCleaner.named(running, copy));
            assertFalse(CopyCleaner.named(running, tmp.resolve("cache/elasticsearch/15290a0da3147c6")));
        } finally {
            process.destroyForcibly();
            process.waitFor();
        }
        assertFalse(CopyCleaner.named(CopyCleaner.runningCommandLines(), copy));
    }

    private static Path unpackedCopy(Path parent, String name, Duration age) throws IOException {
        Path copy = Files.createDirectories(parent.resolve(name).resolve("elasticsearch-1.0.0"));
        Path marker = Files.writeString(copy.getParent().resolve(DistributionCache.UNPACKED_MARKER), "zip");
        FileTime then = FileTime.from(Instant.now().minus(age));
        Files.setLastModifiedTime(marker, then);
        Files.setLastModifiedTime(copy.getParent(), then);
        return copy.getParent();
    }

    private static List<Path> folders(Path parent) throws IOException {
        try (Stream<Path> children = Files.list(parent)) {
            return children.filter(Files::isDirectory).sorted().toList();
        }
    }

    @Test
    void shouldGiveEachInstanceItsOwnConfigAndKeepWhatItWrote() throws IOException {
        Path home = DistributionCache.home(zip(), tmp.resolve("cache"));
        Path instance = tmp.resolve("instance");
        Path config = DistributionCache.instanceConfig(home, instance);
        assertEquals("cluster.name: x", Files.readString(config.resolve("elasticsearch.yml")));
        Files.writeString(config.resolve("elasticsearch.keystore"), "own");
        Files.writeString(config.resolve("elasticsearch.yml"), "changed");
        DistributionCache.instanceConfig(home, instance);
        assertEquals("own", Files.readString(config.resolve("elasticsearch.keystore")));
        assertEquals("changed", Files.readString(config.resolve("elasticsearch.yml")));
    }

    @Test
    void shouldPlaceTheCacheWhereItsUserCanReadIt() {
        assertEquals(Path.of("/var/cache/kb-pipeline"), DistributionCache.root(Map.of(), true));
        assertEquals(Path.of("/x/kb-pipeline"), DistributionCache.root(Map.of("XDG_CACHE_HOME", "/x"), false));
        assertEquals(Path.of("/y"), DistributionCache.root(Map.of("KB_CACHE_DIR", "/y"), true));
    }

    @Test
    void shouldDropItsOwnUnpackingWhenAnotherProcessFinishedFirst() throws IOException {
        Path target = Files.createDirectories(tmp.resolve("cache/key"));
        Files.writeString(target.resolve(".unpacked"), "elasticsearch.zip");
        Path staging = Files.createDirectories(tmp.resolve("cache/.unpacking-late"));
        Files.writeString(staging.resolve(".unpacked"), "elasticsearch.zip");
        DistributionCache.settle(staging, target);
        assertTrue(Files.exists(target.resolve(".unpacked")));
        assertTrue(Files.notExists(staging));
    }

    @Test
    void shouldFailWhenTheFolderInTheWayIsNoFinishedUnpacking() throws IOException {
        Path target = Files.createDirectories(tmp.resolve("cache/key"));
        Files.writeString(target.resolve("stray"), "x");
        Path staging = Files.createDirectories(tmp.resolve("cache/.unpacking-late"));
        Files.writeString(staging.resolve(".unpacked"), "elasticsearch.zip");
        assertThrows(IOException.class, () -> DistributionCache.settle(staging, target));
    }
}

package kb.infra;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.zip.ZipEntry;
import java.util.zip.ZipOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class DistributionCacheTest {

    @TempDir
    Path tmp;

    private Path zip() throws IOException {
        Path zip = tmp.resolve("elasticsearch.zip");
        try (ZipOutputStream out = new ZipOutputStream(Files.newOutputStream(zip))) {
            for (String[] entry : new String[][] {
                {"elasticsearch-9.9.9/bin/elasticsearch", "#!/bin/sh"},
                {"elasticsearch-9.9.9/config/elasticsearch.yml", "cluster.name: x"}
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

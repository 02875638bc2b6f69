package kb.local.verify;

import java.io.IOException;
import java.nio.file.FileVisitOption;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import kb.core.CollectionFolder;
import kb.core.Ids;
import kb.ingest.FileEventReader;
import kb.ingest.FileReadResult;
import kb.ingest.PathFilter;
import kb.ingest.ProducerConfig;
import kb.ingest.extract.Extractor;
import kb.ingest.extract.IsolatedExtractor;

/**
 * What the index should hold, read from the folders with the producer's own rules: its path filter (formats,
 * hidden files, excludes), its reader (size cap, binary, UTF-8) and its symlink rule (the real path stays
 * inside the folder). A file the producer would dead-letter is not expected.
 */
public final class ExpectedDocuments {

    /** One document that should be searchable. */
    public record Expected(String docId, Folder folder, String path, String sha256) {}

    private ExpectedDocuments() {}

    /** The one place that turns a folder's file into a doc id: the pipeline's own rule, per collection. */
    public static String docId(String collection, String relativePath) {
        return Ids.docId(collection, relativePath);
    }

    /** Doc id → expected document, over every folder. */
    public static Map<String, Expected> scan(List<Folder> folders, ProducerConfig rules) throws IOException {
        Map<String, Expected> expected = new HashMap<>();
        try (IsolatedExtractor extractor = new IsolatedExtractor(rules.extraction())) {
            for (Folder folder : folders) {
                scan(folder, rules, extractor, expected);
            }
        }
        return expected;
    }

    private static void scan(Folder folder, ProducerConfig rules, Extractor extractor, Map<String, Expected> expected)
            throws IOException {
        PathFilter filter = new PathFilter(rules.extensions(), rules.excludes());
        CollectionFolder collection = CollectionFolder.of(folder.dir(), folder.collection());
        FileEventReader reader = new FileEventReader(
                collection,
                rules.maxFileBytes(),
                Clock.systemUTC(),
                new FileEventReader.Documents(
                        extractor, rules.extraction().maxDocumentBytes(), FileEventReader.Known.NOTHING));
        Path realBase = folder.dir().toRealPath();
        for (String path : files(folder.dir())) {
            if (!filter.acceptsFile(path) || !inside(folder.dir().resolve(path), realBase)) {
                continue;
            }
            if (reader.read(path) instanceof FileReadResult.Read read) {
                String id = docId(collection.name(), path);
                expected.put(id, new Expected(id, folder, path, read.event().sha256()));
            }
        }
    }

    private static List<String> files(Path base) throws IOException {
        try (Stream<Path> walk = Files.walk(base, FileVisitOption.FOLLOW_LINKS)) {
            return walk.filter(Files::isRegularFile)
                    .map(p -> base.relativize(p).toString().replace('\\', '/'))
                    .toList();
        } catch (java.io.UncheckedIOException e) {
            throw e.getCause(); // a file deleted mid-walk: the caller retries the whole check
        }
    }

    private static boolean inside(Path file, Path realBase) {
        try {
            return file.toRealPath().startsWith(realBase);
        } catch (IOException e) {
            return false;
        }
    }
}

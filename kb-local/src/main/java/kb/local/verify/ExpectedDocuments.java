package kb.local.verify;

import java.io.IOException;
import java.nio.file.FileVisitOption;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.attribute.BasicFileAttributes;
import java.time.Clock;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import kb.core.Ids;
import kb.core.settings.CollectionFolder;
import kb.ingest.FileEventReader;
import kb.ingest.FileReadResult;
import kb.ingest.PathFilter;
import kb.ingest.ProducerConfig;
import kb.ingest.Relative;
import kb.ingest.extract.Extraction;
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

    /**
     * What the folders hold for the index.
     *
     * @param documents  doc id → expected document
     * @param unreadable the files and folders the producer cannot read, and names that are not UTF-8 (escaped):
     *                   never indexed, so drift of their own kind
     */
    public record Scan(Map<String, Expected> documents, List<String> unreadable) {}

    /** Every folder's expected documents, and what in them cannot be read. */
    /**
     * @param remembered extractions of earlier scans by file, size and time: a check repeated every second
     *                   ({@code --wait}) extracts only the documents that changed, and starts no extractor process
     *                   when none did
     */
    public static Scan scan(List<Folder> folders, ProducerConfig rules, Map<String, Extraction> remembered)
            throws IOException {
        Map<String, Expected> expected = new HashMap<>();
        List<String> unreadable = new ArrayList<>();
        try (IsolatedExtractor extractor = new IsolatedExtractor(rules.extraction())) {
            for (Folder folder : folders) {
                scan(folder, rules, remembering(extractor, remembered), expected, unreadable);
            }
        }
        return new Scan(expected, unreadable);
    }

    private static Extractor remembering(Extractor extractor, Map<String, Extraction> remembered) {
        return new Extractor() {
            @Override
            public Extraction extract(Path file, String format) {
                try {
                    String version = file.toAbsolutePath() + ":" + Files.size(file) + ":"
                            + Files.getLastModifiedTime(file).toMillis();
                    return remembered.computeIfAbsent(version, v -> extractor.extract(file, format));
                } catch (IOException e) {
                    return extractor.extract(file, format);
                }
            }

            @Override
            public void close() {
                extractor.close();
            }
        };
    }

    private static void scan(
            Folder folder,
            ProducerConfig rules,
            Extractor extractor,
            Map<String, Expected> expected,
            List<String> unreadable)
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
        for (String path : files(folder, filter, unreadable)) {
            if (!filter.acceptsFile(path) || !inside(folder.dir().resolve(path), realBase)) {
                continue;
            }
            FileReadResult result = reader.read(path);
            if (result instanceof FileReadResult.Read read) {
                String id = docId(collection.name(), path);
                expected.put(id, new Expected(id, folder, path, read.event().sha256()));
            } else if (result instanceof FileReadResult.Rejected rejected && "unreadable".equals(rejected.reason())) {
                // The producer withdraws it and says so once on kb.dlq: it is missing from every layer for good.
                unreadable.add(folder.collection() + ":" + path + " (file not readable: " + rejected.message() + ")");
            }
        }
    }

    /**
     * The folder's files by their relative paths; a folder or file that cannot be read, and a name that is not
     * UTF-8, go to {@code unreadable} as {@code collection:path} instead of ending the walk.
     */
    private static List<String> files(Folder folder, PathFilter filter, List<String> unreadable) throws IOException {
        Path base = folder.dir();
        List<String> files = new ArrayList<>();
        Files.walkFileTree(
                base, EnumSet.of(FileVisitOption.FOLLOW_LINKS), Integer.MAX_VALUE, new SimpleFileVisitor<>() {
                    @Override
                    public FileVisitResult preVisitDirectory(Path dir, BasicFileAttributes attributes) {
                        String relative = Relative.of(base, dir);
                        if (!dir.equals(base) && !filter.acceptsDirectory(relative)) {
                            return FileVisitResult.SKIP_SUBTREE;
                        }
                        if (!Files.isReadable(dir)) {
                            unreadable.add(folder.collection() + ":" + relative + "/ (folder not readable)");
                            return FileVisitResult.SKIP_SUBTREE;
                        }
                        return FileVisitResult.CONTINUE;
                    }

                    @Override
                    public FileVisitResult visitFile(Path file, BasicFileAttributes attributes) {
                        Relative.undecodable(base, file)
                                .ifPresentOrElse(
                                        name -> unreadable.add(folder.collection() + ":" + name + " (name not UTF-8)"),
                                        () -> files.add(Relative.of(base, file)));
                        return FileVisitResult.CONTINUE;
                    }

                    @Override
                    public FileVisitResult visitFileFailed(Path file, IOException e) {
                        if (!(e instanceof NoSuchFileException)) { // deleted mid-walk: the next check sees it gone
                            unreadable.add(folder.collection() + ":" + Relative.of(base, file) + " (" + e + ")");
                        }
                        return FileVisitResult.CONTINUE;
                    }
                });
        return files;
    }

    private static boolean inside(Path file, Path realBase) {
        try {
            return file.toRealPath().startsWith(realBase);
        } catch (IOException e) {
            return false;
        }
    }
}

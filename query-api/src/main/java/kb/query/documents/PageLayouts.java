package kb.query.documents;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import kb.core.Json;
import kb.core.PageLayout;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The page layouts the producer kept for the PDFs in the collections' folders ({@code KB_PAGE_LAYOUT_DIR}), each
 * used only while it describes the file as it is now (same size and modification time): the page view draws over
 * the page rendered from that file. Recently read layouts are kept in memory. Thread-safe.
 */
public final class PageLayouts {

    private static final Logger LOG = LoggerFactory.getLogger(PageLayouts.class);
    /** Layouts kept in memory; a search shows at most a few PDFs. */
    private static final int CACHED = 32;

    /** A layout read and the layout file's time when it was read. */
    private record Cached(long fileTime, PageLayout layout) {}

    private final Path folder;
    private final DocumentFiles files;
    private final Map<Path, Cached> cache = new LinkedHashMap<>(16, 0.75f, true) {
        @Override
        protected boolean removeEldestEntry(Map.Entry<Path, Cached> eldest) {
            return size() > CACHED;
        }
    };

    /** @param folder null: no layouts are kept (a query API without a producer beside it) */
    public PageLayouts(Path folder, DocumentFiles files) {
        this.folder = folder;
        this.files = files;
    }

    /** The PDF itself, through the folder's guard (no path leads out of the collection's folder). */
    public Optional<Path> file(String collection, String path) {
        return files.original(collection, path);
    }

    /** The layout of the document's file as it is now, when one was kept for it. */
    public Optional<PageLayout> of(String collection, String path) {
        Optional<Path> pdf = file(collection, path);
        if (folder == null || pdf.isEmpty()) {
            return Optional.empty();
        }
        try {
            Path file = PageLayout.fileOf(folder, pdf.get());
            if (!Files.isRegularFile(file)) {
                return Optional.empty();
            }
            PageLayout layout = read(file);
            boolean current = layout.size() == Files.size(pdf.get())
                    && layout.modified() == Files.getLastModifiedTime(pdf.get()).toMillis();
            return current ? Optional.of(layout) : Optional.empty();
        } catch (IOException | RuntimeException e) {
            LOG.debug("no page layout for {}: {}", path, e.toString());
            return Optional.empty();
        }
    }

    private PageLayout read(Path file) throws IOException {
        long time = Files.getLastModifiedTime(file).toMillis();
        synchronized (cache) {
            Cached cached = cache.get(file);
            if (cached != null && cached.fileTime() == time) {
                return cached.layout();
            }
        }
        PageLayout layout = Json.MAPPER.readValue(file.toFile(), PageLayout.class);
        synchronized (cache) {
            cache.put(file, new Cached(time, layout));
        }
        return layout;
    }
}

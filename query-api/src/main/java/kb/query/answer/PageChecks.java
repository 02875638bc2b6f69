package kb.query.answer;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import kb.core.Location;
import kb.core.PageLayout;
import kb.query.documents.PageLayouts;
import kb.query.search.PassageCheck;
import kb.query.search.SearchResponse;

/**
 * Checks each passage a search shows from a PDF against the pages it cites, as kept at extraction: whether its words
 * are there ({@code verified}) and whether a page was read by OCR ({@code ocr}). A document without a layout (not a
 * PDF, a file changed since it was read, a query API that does not see the folder) is shown unchecked.
 */
public final class PageChecks implements PassageCheck {

    private final PageLayouts layouts;

    public PageChecks(PageLayouts layouts) {
        this.layouts = layouts;
    }

    @Override
    public List<SearchResponse.DocumentResult> check(List<SearchResponse.DocumentResult> documents) {
        List<SearchResponse.DocumentResult> checked = new ArrayList<>(documents.size());
        for (SearchResponse.DocumentResult document : documents) {
            boolean paged = document.chunks().stream().anyMatch(c -> onPages(c.location()));
            Optional<PageLayout> layout = paged ? layouts.of(document.collection(), document.path()) : Optional.empty();
            checked.add(layout.isEmpty() ? document : document.withChunks(check(document.chunks(), layout.get())));
        }
        return checked;
    }

    private static List<SearchResponse.ChunkResult> check(List<SearchResponse.ChunkResult> chunks, PageLayout layout) {
        List<SearchResponse.ChunkResult> out = new ArrayList<>(chunks.size());
        for (SearchResponse.ChunkResult chunk : chunks) {
            if (!onPages(chunk.location())) {
                out.add(chunk);
                continue;
            }
            List<PageLayout.Page> pages = new ArrayList<>();
            for (int n = chunk.location().start(); n <= chunk.location().end(); n++) {
                layout.page(n).ifPresent(pages::add);
            }
            out.add(chunk.checked(
                    PageQuotes.verified(chunk.text(), pages), pages.stream().anyMatch(PageLayout.Page::ocr)));
        }
        return out;
    }

    private static boolean onPages(Location location) {
        return location != null && location.unit() == Location.Unit.PAGE;
    }
}

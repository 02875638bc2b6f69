package kb.query.http;

import io.javalin.http.Context;
import java.io.IOException;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import kb.core.PageLayout;
import kb.query.answer.PageQuotes;
import kb.query.api.ApiServices;
import kb.query.documents.PageImages;
import kb.query.errors.BadRequestException;
import kb.query.errors.NotFoundException;
import kb.query.errors.UnavailableException;
import kb.search.es.CardDoc;

/**
 * A PDF's page as printed, for checking a citation: the page rendered as an image, and its lines' boxes as kept at
 * extraction, each with its range in the page's text as compared ({@link PageQuotes}), so the page view can mark a
 * passage's lines. The file is read from the collection's folder through its guard (no path leads out of it).
 */
final class PageHandlers {

    private final ApiServices services;
    private final PageImages images = new PageImages();

    PageHandlers(ApiServices services) {
        this.services = services;
    }

    /**
     * One line of the page: its box in page units from the top left corner, and its characters' range in {@code
     * normal}.
     */
    record LineBox(float x, float y, float width, float height, int start, int end) {}

    /**
     * The page view's data.
     *
     * @param layout whether line boxes were kept for the file as it is now (else {@code lines} is empty)
     * @param normal the page's text as compared: letters and digits only, NFKC, lower case
     */
    record PageView(
            String docId,
            String path,
            int page,
            float width,
            float height,
            boolean ocr,
            boolean layout,
            String image,
            String normal,
            List<LineBox> lines) {}

    /** {@code GET /api/v1/documents/{docId}/pages/{page}}. */
    void page(Context ctx) {
        String docId = RequestParams.docId(ctx);
        int number = pageNumber(ctx);
        CardDoc card = pdfCard(docId);
        Optional<PageLayout.Page> page = services.documents()
                .pages()
                .of(card.card().collection(), card.card().path())
                .flatMap(l -> l.page(number));
        String image = "api/v1/documents/"
                + URLEncoder.encode(docId, StandardCharsets.UTF_8).replace("+", "%20") + "/pages/" + number + "/image";
        if (page.isEmpty()) {
            ctx.json(new PageView(docId, card.card().path(), number, 0, 0, false, false, image, "", List.of()));
            return;
        }
        PageQuotes.PageText text = PageQuotes.of(page.get());
        List<LineBox> lines = new ArrayList<>();
        for (int i = 0; i < page.get().lines().size(); i++) {
            PageLayout.Line line = page.get().lines().get(i);
            lines.add(new LineBox(
                    line.x(),
                    line.y(),
                    line.width(),
                    line.height(),
                    text.starts().get(i),
                    text.ends().get(i)));
        }
        ctx.json(new PageView(
                docId,
                card.card().path(),
                number,
                page.get().width(),
                page.get().height(),
                page.get().ocr(),
                true,
                image,
                text.normal(),
                lines));
    }

    /** {@code GET /api/v1/documents/{docId}/pages/{page}/image}: a PNG, cached by the browser for a while. */
    void image(Context ctx) throws IOException, InterruptedException {
        String docId = RequestParams.docId(ctx);
        int number = pageNumber(ctx);
        CardDoc card = pdfCard(docId);
        Path pdf = services.documents()
                .pages()
                .file(card.card().collection(), card.card().path())
                .orElseThrow(
                        () -> new NotFoundException("the file of " + docId + " is not in a folder this API reads"));
        byte[] png = images.png(pdf, number)
                .orElseThrow(() -> new NotFoundException(card.card().path() + " has no page " + number));
        ctx.header("Cache-Control", "private, max-age=60")
                .contentType("image/png")
                .result(png);
    }

    private CardDoc pdfCard(String docId) {
        CardDoc card;
        try {
            card = services.documents()
                    .catalog()
                    .get(docId)
                    .orElseThrow(() -> new NotFoundException("no document " + docId));
        } catch (IOException e) {
            throw new UnavailableException("the document catalogue is unavailable: " + e.getMessage());
        }
        if (!"pdf".equals(card.card().format())) {
            throw new NotFoundException(card.card().path() + " is not a PDF: it has no pages to show");
        }
        return card;
    }

    private static int pageNumber(Context ctx) {
        try {
            int page = Integer.parseInt(ctx.pathParam("page"));
            if (page < 1) {
                throw new BadRequestException("page must be 1 or more, got " + page);
            }
            return page;
        } catch (NumberFormatException e) {
            throw new BadRequestException("page must be a whole number, got '" + ctx.pathParam("page") + "'");
        }
    }
}

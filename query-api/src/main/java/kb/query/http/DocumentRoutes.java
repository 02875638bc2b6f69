package kb.query.http;

import static io.javalin.apibuilder.ApiBuilder.delete;
import static io.javalin.apibuilder.ApiBuilder.get;
import static io.javalin.apibuilder.ApiBuilder.post;

import io.javalin.apibuilder.EndpointGroup;
import io.javalin.http.Context;
import java.io.IOException;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.Optional;
import kb.core.DocumentCard;
import kb.query.api.ApiServices;
import kb.query.api.CollectionCheck;
import kb.query.api.SavedFiles;
import kb.query.documents.DocumentDetail;
import kb.query.errors.NotFoundException;
import kb.query.search.Scope;
import kb.search.es.CardDoc;

/** The documents, under {@code /api/v1/documents}: the list, a card, its file, its pages; upload and delete. */
final class DocumentRoutes implements EndpointGroup {

    static final int MAX_PAGE = 100_000;
    static final int MAX_PAGE_SIZE = 1000;
    static final int DEFAULT_PAGE_SIZE = 100;

    private final ApiServices services;
    private final CollectionCheck collections;
    private final SavedFiles savedFiles;
    private final PageHandlers pages;

    DocumentRoutes(ApiServices services) {
        this.services = services;
        this.collections = CollectionCheck.of(services);
        this.savedFiles = new SavedFiles(services, Clock.systemUTC());
        this.pages = new PageHandlers(services);
    }

    @Override
    public void addEndpoints() {
        get(this::listDocuments);
        post(this::upload);
        get("/{docId}", this::getDocument);
        delete("/{docId}", this::deleteDocument);
        get("/{docId}/raw", this::getRawDocument);
        get("/{docId}/pages/{page}", pages::page);
        get("/{docId}/pages/{page}/image", pages::image);
    }

    void listDocuments(Context ctx) throws IOException {
        Scope scope = RequestParams.scope(ctx);
        collections.check(scope);
        ctx.json(services.documents()
                .catalog()
                .list(
                        RequestParams.wholeNumber(ctx, "page", 0, MAX_PAGE).orElse(0),
                        RequestParams.wholeNumber(ctx, "size", 1, MAX_PAGE_SIZE).orElse(DEFAULT_PAGE_SIZE),
                        scope));
    }

    void getDocument(Context ctx) throws IOException {
        String docId = RequestParams.docId(ctx);
        ctx.json(services.documents()
                .catalog()
                .get(docId)
                .map(card ->
                        DocumentDetail.of(card, services.documents().links().of(docId)))
                .orElseThrow(() -> new NotFoundException("no document " + docId)));
    }

    /**
     * The document as stored, for the page's "raw file" link, never rendered by the browser as a page: a text file's
     * content as plain text; a PDF's own file when this API sees its folder (so the browser's viewer opens it at
     * {@code #page=N}), else the text extracted from it.
     */
    void getRawDocument(Context ctx) throws IOException {
        String docId = RequestParams.docId(ctx);
        CardDoc doc = document(docId);
        DocumentCard card = doc.card();
        String name =
                card.path() == null ? docId : card.path().substring(card.path().lastIndexOf('/') + 1);
        ctx.header("X-Content-Type-Options", "nosniff")
                .header(
                        "Content-Disposition",
                        "inline; filename*=UTF-8''"
                                + URLEncoder.encode(name, StandardCharsets.UTF_8)
                                        .replace("+", "%20"));
        Optional<Path> pdf = "pdf".equals(card.format())
                ? services.documents().files().original(card.collection(), card.path())
                : Optional.empty();
        if (pdf.isPresent()) {
            ctx.contentType("application/pdf").result(Files.newInputStream(pdf.get()));
            return;
        }
        ctx.contentType("text/plain; charset=utf-8").result(doc.content() == null ? "" : doc.content());
    }

    /**
     * 202 with where the file went; with {@code wait=true}, 200 once that version is searchable, or 202 after
     * {@code KB_WRITE_WAIT} with {@code searchable: false}, the reason and the index's state.
     */
    void upload(Context ctx) throws IOException {
        WriteAccess.authorize(ctx, services.writes());
        UploadForm form = UploadForm.read(ctx);
        var answer = savedFiles.save(form.upload(), form.untilSearchable());
        ctx.status(form.untilSearchable() && Boolean.TRUE.equals(answer.answer().searchable()) ? 200 : 202)
                .json(answer);
    }

    void deleteDocument(Context ctx) throws IOException {
        WriteAccess.authorize(ctx, services.writes());
        String docId = RequestParams.docId(ctx);
        DocumentCard card = document(docId).card();
        services.documents().files().delete(card.collection(), card.path());
        ctx.status(202).json(new Deleted(docId, card.collection(), card.path()));
    }

    /** {@code DELETE}'s answer: which document's file was removed; the index follows through the pipeline. */
    record Deleted(String docId, String collection, String path) {}

    private CardDoc document(String docId) throws IOException {
        return services.documents()
                .catalog()
                .get(docId)
                .orElseThrow(() -> new NotFoundException("no document " + docId));
    }
}

package kb.query.mcp;

import com.fasterxml.jackson.annotation.JsonInclude;
import io.modelcontextprotocol.json.McpJsonMapper;
import io.modelcontextprotocol.server.McpServerFeatures.SyncToolSpecification;
import io.modelcontextprotocol.spec.McpSchema;
import java.io.IOException;
import java.util.List;
import kb.core.Formats;
import kb.core.Ids;
import kb.query.api.ApiServices;
import kb.query.api.Arguments;
import kb.query.api.CollectionCheck;
import kb.query.documents.DocumentCatalog;
import kb.query.documents.DocumentSummary;
import kb.query.errors.BadRequestException;
import kb.query.errors.NotFoundException;
import kb.query.search.Scope;
import kb.query.status.WithIndexState;
import kb.search.es.CardDoc;
import kb.search.es.ChunkDoc;

/**
 * Reading what a search found: {@code get_document} (a document's text, whole or a range of its lines, pages,
 * slides, rows, cells or paragraphs, with its citation) and {@code list_documents} (what a collection holds, by
 * category, tag or property, by path or newest first, a page at a time), from the catalogue the HTTP documents
 * routes read.
 */
final class DocumentTools {

    static final String GET = "get_document";
    static final String LIST = "list_documents";

    /** A page of the listing at most: enough to scan, small enough for an agent's context. */
    static final int MAX_SIZE = 100;

    static final int DEFAULT_SIZE = 20;
    static final int MAX_PAGE = 100_000;

    private DocumentTools() {}

    static SyncToolSpecification get(ApiServices services, McpJsonMapper mapper) {
        McpSchema.Tool tool = McpSchema.Tool.builder()
                .name(GET)
                .description("Read a document of the knowledge base: its text as indexed (a PDF's, a slide deck's "
                        + "extracted text), whole or a range in its own unit (lines of a text file, pages of a PDF, "
                        + "slides, rows, cells or paragraphs), with its citation (cite as path:42-57), collection, "
                        + "title and tags. `path` is as search_knowledge and list_documents return it (relative to "
                        + "the collection's folder). A long text is cut at " + DocumentRange.MAX_CHARS
                        + " characters (truncated: true): ask for a range with start and end. " + INDEX_NOTE)
                .inputSchema(mapper, McpTools.resource("get-document-input.json"))
                .outputSchema(mapper, McpTools.resource("get-document-output.json"))
                .build();
        return SyncToolSpecification.builder()
                .tool(tool)
                .callHandler((exchange, request) ->
                        ToolResults.checked(() -> document(services, new Arguments(request.arguments()))))
                .build();
    }

    private static McpSchema.CallToolResult document(ApiServices services, Arguments arguments) throws IOException {
        String path = stripped(arguments.required("path"));
        String asked = arguments.text("collection");
        CollectionCheck.of(services).check(new Scope(asked, null, List.of(), List.of()));
        String collection = asked != null
                ? asked
                : services.documents().files().collections().get(0);
        Integer start = arguments.whole("start", 1, Integer.MAX_VALUE);
        Integer end = arguments.whole("end", 1, Integer.MAX_VALUE);
        String docId = Ids.docId(collection, path);
        CardDoc card = services.documents()
                .catalog()
                .get(docId)
                .orElseThrow(() -> new NotFoundException("no document '" + path + "' in collection '" + collection
                        + "' (list_documents lists them; a path is relative to its collection's folder)"));
        List<ChunkDoc> chunks = Formats.isExtracted(card.card().format())
                        && !"pdf".equals(card.card().format())
                ? services.answering().search().chunksOf(docId)
                : List.of();
        DocumentRange range = DocumentRange.of(card.card().format(), card.content(), chunks, start, end);
        return ToolResults.of(WithIndexState.of(
                DocumentPart.of(card, range), true, services.health().status().indexState()));
    }

    /** A path as an agent may write it: {@code ./a.md} and {@code /a.md} are the collection's {@code a.md}. */
    private static String stripped(String path) {
        String relative = path.replace('\\', '/');
        while (relative.startsWith("./") || relative.startsWith("/")) {
            relative = relative.substring(relative.startsWith("./") ? 2 : 1);
        }
        return relative;
    }

    /**
     * get_document's answer.
     *
     * @param unit     what start, end and total count (line, page, slide, row, cell, paragraph); absent for a
     *                 document without parts
     * @param citation how to cite the part: {@code path:12-40}, {@code path, pages 3-4}
     */
    record DocumentPart(
            String docId,
            String collection,
            String path,
            String title,
            String category,
            String format,
            List<String> tags,
            long updatedAt,
            String contentHash,
            @JsonInclude(JsonInclude.Include.NON_NULL) String unit,
            int start,
            int end,
            int total,
            String citation,
            String text,
            boolean truncated) {

        static DocumentPart of(CardDoc card, DocumentRange range) {
            return new DocumentPart(
                    card.card().docId(),
                    card.card().collection(),
                    card.card().path(),
                    card.card().title(),
                    card.card().category(),
                    card.card().format(),
                    card.card().notes().tags(),
                    card.card().eventTime(),
                    card.card().contentHash(),
                    range.unit() == null ? null : range.unit().id(),
                    range.start(),
                    range.end(),
                    range.total(),
                    range.citation(card.card().path()),
                    range.text(),
                    range.truncated());
        }
    }

    static SyncToolSpecification list(ApiServices services, McpJsonMapper mapper) {
        McpSchema.Tool tool = McpSchema.Tool.builder()
                .name(LIST)
                .description("List the documents of the knowledge base, a page at a time: all, or those of a "
                        + "collection, a category (first folder), tags or frontmatter properties; ordered by "
                        + "collection and path, or with order=recent by their last change, newest first. Each "
                        + "has its path (for get_document), title, collection, category, format, tags and "
                        + "updatedAt; total counts every match across pages. " + INDEX_NOTE)
                .inputSchema(mapper, McpTools.resource("list-documents-input.json"))
                .outputSchema(mapper, McpTools.resource("list-documents-output.json"))
                .build();
        return SyncToolSpecification.builder()
                .tool(tool)
                .callHandler((exchange, request) ->
                        ToolResults.checked(() -> listing(services, new Arguments(request.arguments()))))
                .build();
    }

    private static McpSchema.CallToolResult listing(ApiServices services, Arguments arguments) throws IOException {
        Scope scope = arguments.scope();
        CollectionCheck.of(services).check(scope);
        Integer page = arguments.whole("page", 0, MAX_PAGE);
        Integer size = arguments.whole("size", 1, MAX_SIZE);
        String order = arguments.text("order");
        if (order != null && !order.equals("path") && !order.equals("recent")) {
            throw new BadRequestException("order must be path or recent");
        }
        boolean recent = "recent".equals(order);
        DocumentCatalog.DocumentPage listed = services.documents()
                .catalog()
                .list(page == null ? 0 : page, size == null ? DEFAULT_SIZE : size, scope, recent);
        return ToolResults.of(WithIndexState.of(
                new Listing(
                        listed.documents(), listed.page(), listed.size(), listed.total(), recent ? "recent" : "path"),
                listed.total() > 0,
                services.health().status().indexState()));
    }

    /** list_documents' answer: one page, and how many match in all. */
    record Listing(List<DocumentSummary> documents, int page, int size, long total, String order) {}

    static final String INDEX_NOTE = "Every answer carries `index`, the index's state (changes still being "
            + "indexed, whether the first index is running), in the body and in _meta.";
}

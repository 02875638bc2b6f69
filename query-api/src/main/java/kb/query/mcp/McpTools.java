package kb.query.mcp;

import io.micrometer.core.instrument.MeterRegistry;
import io.modelcontextprotocol.json.McpJsonMapper;
import io.modelcontextprotocol.json.jackson2.JacksonMcpJsonMapper;
import io.modelcontextprotocol.server.McpServer;
import io.modelcontextprotocol.server.McpServerFeatures.SyncToolSpecification;
import io.modelcontextprotocol.server.McpSyncServer;
import io.modelcontextprotocol.server.transport.HttpServletStreamableServerTransportProvider;
import io.modelcontextprotocol.spec.McpSchema;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import kb.query.answer.LookupService;
import kb.query.api.ApiServices;
import kb.query.api.Arguments;
import kb.query.api.CollectionCheck;
import kb.query.config.FusionMethod;
import kb.query.search.Retrieval;
import kb.query.search.Scope;
import kb.query.search.SearchRequest;
import kb.query.status.BuildInfo;
import kb.query.status.WithIndexState;

/**
 * The agent tools over MCP (streamable HTTP on {@code /mcp}): {@code lookup_knowledge}, the same contract as
 * {@code /api/v1/lookup}, {@code search_knowledge}, the hybrid search, and beyond search {@code get_document},
 * {@code list_documents} ({@link DocumentTools}), {@code index_status} ({@link StatusTool}) and
 * {@code save_note} ({@link NoteTool}).
 */
public final class McpTools {

    public static final String ENDPOINT = "/mcp";

    /** Both tools' answers carry the index's state: an empty answer during indexing may be "not yet". */
    private static final String INDEX_NOTE = "Every answer carries `index`, the index's state (changes still "
            + "being indexed, whether the first index is running, documents and chunks); when nothing is found "
            + "while the index is behind, index.notice says \"not found yet\".";

    private static final String LOOKUP_SCHEMA =
            """
            {"type": "object",
             "properties": {
               "query": {"type": "string", "description": "the question or keyword, e.g. ERR_TIMEOUT"},
               "section_title": {"type": "string", "description": "optional: return only the primary document's sections whose header contains this (case-insensitive)"},
               "collection": {"type": "string", "description": "optional: answer from this collection (named folder) only"},
               "category": {"type": "string", "description": "optional: answer from this category (first folder) only"},
               "tag": {"type": "array", "items": {"type": "string"}, "description": "optional: only documents carrying every one of these tags (frontmatter tags or inline #tags; a nested tag such as area matches area/sub)"},
               "where": {"type": "array", "items": {"type": "string"}, "description": "optional: only documents whose frontmatter has every one of these properties, each name:value (e.g. status:draft), exact match on a value or on one item of a list"}},
             "required": ["query"]}""";
    private static final String SEARCH_SCHEMA =
            """
            {"type": "object",
             "properties": {
               "query": {"type": "string", "description": "what to search for"},
               "k": {"type": "integer", "minimum": %d, "maximum": %d, "default": %d, "description": "documents to return, %d-%d (default %d), as the HTTP API's search"},
               "collection": {"type": "string", "description": "optional: search this collection (named folder) only"},
               "category": {"type": "string", "description": "optional: search this category (first folder) only"},
               "tag": {"type": "array", "items": {"type": "string"}, "description": "optional: only documents carrying every one of these tags (frontmatter tags or inline #tags; a nested tag such as area matches area/sub)"},
               "where": {"type": "array", "items": {"type": "string"}, "description": "optional: only documents whose frontmatter has every one of these properties, each name:value (e.g. status:draft), exact match on a value or on one item of a list"},
               "debug": {"type": "boolean", "default": false, "description": "optional: also return gate, the honesty gate's evidence (keyword hits, lexical match, best cosine against its threshold)"}},
             "required": ["query"]}"""
                    .formatted(
                            SearchRequest.MIN_K,
                            SearchRequest.MAX_K,
                            SearchRequest.DEFAULT_K,
                            SearchRequest.MIN_K,
                            SearchRequest.MAX_K,
                            SearchRequest.DEFAULT_K);

    /** What each tool's {@code structuredContent} is, declared as its output schema. */
    private static final String SEARCH_OUTPUT = resource("search-output.json");

    private static final String LOOKUP_OUTPUT = resource("lookup-output.json");

    private McpTools() {}

    /** The search tool's input schema, with {@link SearchRequest}'s limits. */
    static String searchSchema() {
        return SEARCH_SCHEMA;
    }

    /** The output schemas, by tool name. */
    static Map<String, String> outputSchemas() {
        return Map.of(
                "search_knowledge",
                SEARCH_OUTPUT,
                "lookup_knowledge",
                LOOKUP_OUTPUT,
                DocumentTools.GET,
                resource("get-document-output.json"),
                DocumentTools.LIST,
                resource("list-documents-output.json"),
                StatusTool.NAME,
                resource("index-status-output.json"),
                NoteTool.NAME,
                resource("save-note-output.json"));
    }

    /** A JSON schema kept beside this class ({@code kb/query/mcp/NAME}). */
    static String resource(String name) {
        try (InputStream in = McpTools.class.getResourceAsStream(name)) {
            if (in == null) {
                throw new IllegalStateException("MCP resource " + name + " missing");
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new IllegalStateException("MCP resource " + name + " unreadable", e);
        }
    }

    /** The transport is a servlet; the server registered on it answers through it. */
    public record Mounted(HttpServletStreamableServerTransportProvider servlet, McpSyncServer server) {}

    public static Mounted create(ApiServices services, MeterRegistry registry) {
        McpJsonMapper mapper = new JacksonMcpJsonMapper(McpMessages.mapper());
        HttpServletStreamableServerTransportProvider transport = HttpServletStreamableServerTransportProvider.builder()
                .jsonMapper(mapper)
                .mcpEndpoint(ENDPOINT)
                .build();
        McpSyncServer server = McpServer.sync(transport)
                .serverInfo("kb-pipeline", BuildInfo.current().version())
                .capabilities(McpSchema.ServerCapabilities.builder().tools(true).build())
                .tools(
                        lookupTool(services, registry, mapper, CollectionCheck.of(services)),
                        searchTool(services, mapper, CollectionCheck.of(services)),
                        DocumentTools.get(services, mapper),
                        DocumentTools.list(services, mapper),
                        StatusTool.of(services, mapper),
                        NoteTool.of(services, mapper))
                .build();
        return new Mounted(transport, server);
    }

    private static SyncToolSpecification lookupTool(
            ApiServices services, MeterRegistry registry, McpJsonMapper mapper, CollectionCheck collections) {
        McpSchema.Tool tool = McpSchema.Tool.builder()
                .name("lookup_knowledge")
                .description(LOOKUP_DESCRIPTION)
                .inputSchema(mapper, LOOKUP_SCHEMA)
                .outputSchema(mapper, LOOKUP_OUTPUT)
                .build();
        return SyncToolSpecification.builder()
                .tool(tool)
                .callHandler((exchange, request) -> ToolResults.checked(() -> {
                    Arguments arguments = new Arguments(request.arguments());
                    Scope scope = arguments.scope();
                    collections.check(scope);
                    LookupService.Outcome outcome = services.answering()
                            .lookup()
                            .lookup(arguments.question(), arguments.text("section_title"), scope);
                    registry.counter("kb_lookup_total", "match_type", outcome.matchType())
                            .increment();
                    return ToolResults.of(WithIndexState.of(
                            outcome.response(),
                            outcome.response().found(),
                            services.health().status().indexState()));
                }))
                .build();
    }

    private static SyncToolSpecification searchTool(
            ApiServices services, McpJsonMapper mapper, CollectionCheck collections) {
        McpSchema.Tool tool = McpSchema.Tool.builder()
                .name("search_knowledge")
                .description(searchDescription(services.answering().search().fusionMethod()))
                .inputSchema(mapper, SEARCH_SCHEMA)
                .outputSchema(mapper, SEARCH_OUTPUT)
                .build();
        return SyncToolSpecification.builder()
                .tool(tool)
                .callHandler((exchange, request) -> ToolResults.checked(() -> {
                    Arguments arguments = new Arguments(request.arguments());
                    SearchRequest search = arguments.searchRequest();
                    collections.check(search.scope());
                    Retrieval retrieval = services.answering().search().retrieve(search);
                    return ToolResults.of(WithIndexState.of(
                            SearchAnswer.of(
                                    retrieval, services.health().status().partial(), arguments.debug()),
                            retrieval.found(),
                            services.health().status().indexState()));
                }))
                .build();
    }

    /** What lookup_knowledge does, as {@code LookupService} answers. */
    static final String LOOKUP_DESCRIPTION = "Look something up in the knowledge base: exact keyword match first (a "
            + "specific frontmatter keyword, tag, alias or title, one that names few documents, such as an error "
            + "code) makes `primary`, with its text, its source path, its locations (to cite as path:42-57) and a "
            + "confidence: high when the hybrid search ranks that document first too, medium when it does not (or "
            + "could not ask), low when several documents carry specific keywords of the question or the keyword is a "
            + "common one the question names as a whole. `supplement` is the hybrid "
            + "search's best other document. found=false when the honesty gate finds no evidence: the knowledge base "
            + "does not know. " + INDEX_NOTE;

    /** What search_knowledge does, true to the fusion in force. */
    static String searchDescription(FusionMethod fusion) {
        String how =
                switch (fusion) {
                    case EVIDENCE ->
                        "each document scored by its own evidence: its best passage's BM25 score "
                                + "against the question's best, its best cosine against its vector field's best, a "
                                + "keyword match (a specific keyword counts most) and the question's words in its title";
                    case RRF -> "fused by weighted reciprocal rank fusion (RRF); a specific keyword match counts most";
                    case CONVEX -> "fused by a convex combination of their normalised scores";
                };
        return "Hybrid search (exact keywords, BM25 and vectors; " + how + ") over the knowledge base. Returns at "
                + "most k documents worth reading, best first, each with up to 3 passages (the first ten documents' "
                + "ordered by their own evidence; raw text, section header and location: lines of a text file, "
                + "page, slide, rows, cell, or paragraphs under a heading path; cite as path:42-57). When the honesty gate finds no evidence "
                + "(no passage holds enough of the question's words and none is near enough in meaning, or the "
                + "question names something the folder never mentions), found=false with `reason` and "
                + "`suggestions`; `debug: true` adds the gate's evidence. " + INDEX_NOTE;
    }
}

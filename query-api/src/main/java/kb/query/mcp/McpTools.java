package kb.query.mcp;

import io.micrometer.core.instrument.MeterRegistry;
import io.modelcontextprotocol.json.McpJsonMapper;
import io.modelcontextprotocol.json.jackson2.JacksonMcpJsonMapper;
import io.modelcontextprotocol.server.McpServer;
import io.modelcontextprotocol.server.McpServerFeatures.SyncToolSpecification;
import io.modelcontextprotocol.server.McpSyncServer;
import io.modelcontextprotocol.server.transport.HttpServletStreamableServerTransportProvider;
import io.modelcontextprotocol.spec.McpSchema;
import java.io.BufferedReader;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;
import kb.core.Json;
import kb.query.answer.LookupService;
import kb.query.api.ApiServices;
import kb.query.api.CollectionCheck;
import kb.query.api.QueryText;
import kb.query.api.WriteGuard;
import kb.query.config.FusionMethod;
import kb.query.errors.ApiError;
import kb.query.errors.BadRequestException;
import kb.query.search.Retrieval;
import kb.query.search.Scope;
import kb.query.search.SearchRequest;
import kb.query.search.terms.Question;
import kb.query.status.BuildInfo;
import kb.query.status.WithIndexState;

/**
 * The agent tools over MCP (streamable HTTP on {@code /mcp}): {@code lookup_knowledge}, the same contract as
 * {@code /api/v1/lookup}, and {@code search_knowledge}, the hybrid search.
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
        return Map.of("search_knowledge", SEARCH_OUTPUT, "lookup_knowledge", LOOKUP_OUTPUT);
    }

    private static String resource(String name) {
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

    /**
     * Origin and Host validation before the MCP transport sees a request, as the MCP specification requires
     * against DNS rebinding: the same rules as for writes.
     */
    public static jakarta.servlet.Filter originFilter(WriteGuard guard) {
        return (request, response, chain) -> {
            var http = (jakarta.servlet.http.HttpServletRequest) request;
            var out = (jakarta.servlet.http.HttpServletResponse) response;
            if (!guard.allows(http.getHeader("Origin"), http.getHeader("Host"))) {
                write(
                        out,
                        403,
                        new ApiError(
                                "forbidden",
                                "Origin " + http.getHeader("Origin") + " / Host " + http.getHeader("Host")
                                        + " may not use /mcp"));
                return;
            }
            if (!"POST".equals(http.getMethod())) {
                chain.doFilter(request, response);
                return;
            }
            byte[] body = http.getInputStream().readNBytes(MAX_MESSAGE_BYTES + 1);
            if (body.length > MAX_MESSAGE_BYTES) {
                write(
                        out,
                        413,
                        McpMessages.envelope(
                                null,
                                McpMessages.INVALID_REQUEST,
                                "a message is at most " + MAX_MESSAGE_BYTES + " bytes"));
                return;
            }
            var refusal = McpMessages.refusal(body);
            if (refusal.isPresent()) {
                write(out, 400, refusal.get());
                return;
            }
            chain.doFilter(new ReplayedBody(http, body), response);
        };
    }

    /** An MCP message carries a question of 2,000 characters at most: a megabyte is far beyond any real one. */
    static final int MAX_MESSAGE_BYTES = 1 << 20;

    private static void write(jakarta.servlet.http.HttpServletResponse out, int status, Object body)
            throws IOException {
        out.setStatus(status);
        out.setContentType("application/json");
        out.getOutputStream().write(Json.MAPPER.writeValueAsBytes(body));
    }

    /** The request with its body, already read for the checks, readable again by the SDK. */
    private static final class ReplayedBody extends jakarta.servlet.http.HttpServletRequestWrapper {
        private final byte[] body;

        ReplayedBody(jakarta.servlet.http.HttpServletRequest request, byte[] body) {
            super(request);
            this.body = body;
        }

        @Override
        public jakarta.servlet.ServletInputStream getInputStream() {
            var in = new ByteArrayInputStream(body);
            return new jakarta.servlet.ServletInputStream() {
                @Override
                public int read() {
                    return in.read();
                }

                @Override
                public int read(byte[] buffer, int offset, int length) {
                    return in.read(buffer, offset, length);
                }

                @Override
                public boolean isFinished() {
                    return in.available() == 0;
                }

                @Override
                public boolean isReady() {
                    return true;
                }

                @Override
                public void setReadListener(jakarta.servlet.ReadListener listener) {
                    throw new UnsupportedOperationException("the body is already in memory");
                }
            };
        }

        @Override
        public BufferedReader getReader() {
            return new BufferedReader(new InputStreamReader(getInputStream(), StandardCharsets.UTF_8));
        }

        @Override
        public int getContentLength() {
            return body.length;
        }

        @Override
        public long getContentLengthLong() {
            return body.length;
        }
    }

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
                        searchTool(services, mapper, CollectionCheck.of(services)))
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
                .callHandler((exchange, request) -> checked(() -> {
                    Map<String, Object> arguments = request.arguments();
                    Question question = query(arguments);
                    Scope scope = scope(arguments);
                    collections.check(scope);
                    LookupService.Outcome outcome =
                            services.answering().lookup().lookup(question, text(arguments, "section_title"), scope);
                    registry.counter("kb_lookup_total", "match_type", outcome.matchType())
                            .increment();
                    return json(WithIndexState.of(
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
                .callHandler((exchange, request) -> checked(() -> {
                    Map<String, Object> arguments = request.arguments();
                    SearchRequest search = searchRequest(arguments);
                    collections.check(search.scope());
                    Retrieval retrieval = services.answering().search().retrieve(search);
                    return json(WithIndexState.of(
                            SearchAnswer.of(
                                    retrieval, services.health().status().partial(), debug(arguments)),
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

    /** A tool's answer, or the caller's mistake in its arguments as a tool error the agent can read and fix. */
    private static McpSchema.CallToolResult checked(Supplier<McpSchema.CallToolResult> call) {
        try {
            return call.get();
        } catch (BadRequestException e) {
            return error(e.getMessage());
        }
    }

    /** The HTTP API's caps, so a tool call cannot send what a request could not. */
    private static Question query(Map<String, Object> arguments) {
        return QueryText.question(text(arguments, "query"), "query");
    }

    /** The search the HTTP API's {@code /api/v1/search} would run, with its limits and defaults. */
    static SearchRequest searchRequest(Map<String, Object> arguments) {
        return SearchRequest.served(query(arguments), k(arguments), scope(arguments));
    }

    /** {@code k}: a whole number within {@link SearchRequest}'s limits; its default when absent. */
    private static int k(Map<String, Object> arguments) {
        Object k = arguments == null ? null : arguments.get("k");
        if (k == null) {
            return SearchRequest.DEFAULT_K;
        }
        if (!(k instanceof Integer || k instanceof Long) || !SearchRequest.validK(((Number) k).longValue())) {
            throw new BadRequestException(SearchRequest.K_RULE);
        }
        return ((Number) k).intValue();
    }

    private static Scope scope(Map<String, Object> arguments) {
        return new Scope(
                text(arguments, "collection"),
                text(arguments, "category"),
                texts(arguments, "tag"),
                texts(arguments, "where"));
    }

    /** A string or a list of strings; anything else is the caller's error. */
    private static List<String> texts(Map<String, Object> arguments, String name) {
        Object value = arguments == null ? null : arguments.get(name);
        if (value == null) {
            return List.of();
        }
        if (value instanceof String text) {
            return List.of(text);
        }
        if (value instanceof List<?> list && list.stream().allMatch(String.class::isInstance)) {
            return list.stream().map(String.class::cast).toList();
        }
        throw new BadRequestException(name + " must be a string or an array of strings");
    }

    /** An optional string argument; any other type is the caller's error, not text to guess from. */
    private static String text(Map<String, Object> arguments, String name) {
        Object value = arguments == null ? null : arguments.get(name);
        if (value != null && !(value instanceof String)) {
            throw new BadRequestException(name + " must be a string");
        }
        return value == null || value.toString().isBlank()
                ? null
                : value.toString().strip();
    }

    /** {@code debug}: a boolean, false when absent. */
    static boolean debug(Map<String, Object> arguments) {
        Object debug = arguments == null ? null : arguments.get("debug");
        if (debug != null && !(debug instanceof Boolean)) {
            throw new BadRequestException("debug must be true or false");
        }
        return Boolean.TRUE.equals(debug);
    }

    /**
     * The answer as {@code structuredContent} (what the output schema declares) and, for clients older than
     * structured results, the same JSON as one text item.
     */
    static McpSchema.CallToolResult json(Object body) {
        try {
            Map<?, ?> structured = Json.MAPPER.convertValue(body, Map.class);
            return McpSchema.CallToolResult.builder()
                    .addTextContent(Json.MAPPER.writeValueAsString(structured))
                    .structuredContent(structured)
                    .isError(false)
                    .build();
        } catch (IOException | IllegalArgumentException e) {
            return error(e.getMessage());
        }
    }

    private static McpSchema.CallToolResult error(String message) {
        return McpSchema.CallToolResult.builder()
                .addTextContent(message)
                .isError(true)
                .build();
    }
}

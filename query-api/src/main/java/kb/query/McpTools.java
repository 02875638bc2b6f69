package kb.query;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.modelcontextprotocol.json.McpJsonMapper;
import io.modelcontextprotocol.json.jackson2.JacksonMcpJsonMapper;
import io.modelcontextprotocol.server.McpServer;
import io.modelcontextprotocol.server.McpServerFeatures.SyncToolSpecification;
import io.modelcontextprotocol.server.McpSyncServer;
import io.modelcontextprotocol.server.transport.HttpServletStreamableServerTransportProvider;
import io.modelcontextprotocol.spec.McpSchema;
import io.micrometer.core.instrument.MeterRegistry;
import java.util.Map;
import kb.core.Json;

/**
 * The agent tools over MCP (streamable HTTP on {@code /mcp}): {@code lookup_knowledge}, the same contract as
 * {@code /api/v1/lookup}, and {@code search_knowledge}, the hybrid search.
 */
final class McpTools {

    static final String ENDPOINT = "/mcp";

    private static final String LOOKUP_SCHEMA = """
            {"type": "object",
             "properties": {
               "query": {"type": "string", "description": "the question or keyword, e.g. ERR_TIMEOUT"},
               "section_title": {"type": "string", "description": "optional: return only the primary document's sections whose header contains this (case-insensitive)"},
               "collection": {"type": "string", "description": "optional: answer from this collection (named folder) only"},
               "category": {"type": "string", "description": "optional: answer from this category (first folder) only"},
               "tag": {"type": "array", "items": {"type": "string"}, "description": "optional: only documents carrying every one of these tags (frontmatter tags or inline #tags; a nested tag such as area matches area/sub)"},
               "where": {"type": "array", "items": {"type": "string"}, "description": "optional: only documents whose frontmatter has every one of these properties, each name:value (e.g. status:draft), exact match on a value or on one item of a list"}},
             "required": ["query"]}""";
    private static final String SEARCH_SCHEMA = """
            {"type": "object",
             "properties": {
               "query": {"type": "string", "description": "what to search for"},
               "k": {"type": "integer", "description": "documents to return, 1-50 (default 5)"},
               "collection": {"type": "string", "description": "optional: search this collection (named folder) only"},
               "category": {"type": "string", "description": "optional: search this category (first folder) only"},
               "tag": {"type": "array", "items": {"type": "string"}, "description": "optional: only documents carrying every one of these tags (frontmatter tags or inline #tags; a nested tag such as area matches area/sub)"},
               "where": {"type": "array", "items": {"type": "string"}, "description": "optional: only documents whose frontmatter has every one of these properties, each name:value (e.g. status:draft), exact match on a value or on one item of a list"}},
             "required": ["query"]}""";

    private McpTools() {
    }

    /** The transport is a servlet; the server registered on it answers through it. */
    record Mounted(HttpServletStreamableServerTransportProvider servlet, McpSyncServer server) {
    }

    /**
     * Origin and Host validation before the MCP transport sees a request, as the MCP specification requires
     * against DNS rebinding: the same rules as for writes.
     */
    static jakarta.servlet.Filter originFilter(WriteGuard guard) {
        return (request, response, chain) -> {
            var http = (jakarta.servlet.http.HttpServletRequest) request;
            if (guard.allows(http.getHeader("Origin"), http.getHeader("Host"))) {
                chain.doFilter(request, response);
                return;
            }
            var out = (jakarta.servlet.http.HttpServletResponse) response;
            out.setStatus(403);
            out.setContentType("application/json");
            out.getOutputStream().write(Json.MAPPER.writeValueAsBytes(new ApiError("forbidden",
                    "Origin " + http.getHeader("Origin") + " / Host " + http.getHeader("Host") + " may not use /mcp")));
        };
    }

    static Mounted create(ApiServices services, MeterRegistry registry) {
        McpJsonMapper mapper = new JacksonMcpJsonMapper(new ObjectMapper());
        HttpServletStreamableServerTransportProvider transport = HttpServletStreamableServerTransportProvider.builder()
                .jsonMapper(mapper).mcpEndpoint(ENDPOINT).build();
        McpSyncServer server = McpServer.sync(transport)
                .serverInfo("kb-pipeline", "0.1.0")
                .capabilities(McpSchema.ServerCapabilities.builder().tools(true).build())
                .tools(lookupTool(services, registry, mapper), searchTool(services, mapper))
                .build();
        return new Mounted(transport, server);
    }

    private static SyncToolSpecification lookupTool(ApiServices services, MeterRegistry registry, McpJsonMapper mapper) {
        McpSchema.Tool tool = McpSchema.Tool.builder().name("lookup_knowledge")
                .description("Look something up in the knowledge base: exact keyword match first (frontmatter "
                        + "keywords such as error codes), semantic supplement when needed. Returns the matching "
                        + "document's text with its source path, or found=false when the knowledge base does not know.")
                .inputSchema(mapper, LOOKUP_SCHEMA).build();
        return SyncToolSpecification.builder().tool(tool).callHandler((exchange, request) -> {
            String query = text(request.arguments(), "query");
            String invalid = invalid(query);
            if (invalid != null) {
                return error(invalid);
            }
            Scope scope;
            try {
                scope = scope(request.arguments());
            } catch (BadRequestException e) {
                return error(e.getMessage());
            }
            LookupService.Outcome outcome = services.lookup().lookup(query, text(request.arguments(), "section_title"),
                    scope);
            registry.counter("kb_lookup_total", "match_type", outcome.matchType()).increment();
            return json(outcome.response());
        }).build();
    }

    private static SyncToolSpecification searchTool(ApiServices services, McpJsonMapper mapper) {
        McpSchema.Tool tool = McpSchema.Tool.builder().name("search_knowledge")
                .description("Hybrid search (BM25 + vectors, fused by RRF) over the knowledge base; returns "
                        + "documents ranked by their best chunk, with raw chunk text and paths.")
                .inputSchema(mapper, SEARCH_SCHEMA).build();
        return SyncToolSpecification.builder().tool(tool).callHandler((exchange, request) -> {
            String query = text(request.arguments(), "query");
            String invalid = invalid(query);
            if (invalid != null) {
                return error(invalid);
            }
            Scope scope;
            try {
                scope = scope(request.arguments());
            } catch (BadRequestException e) {
                return error(e.getMessage());
            }
            Object k = request.arguments().get("k");
            int topK = k instanceof Number n ? Math.max(1, Math.min(50, n.intValue())) : 5;
            return json(SearchResponse.of(services.search().retrieve(query, topK, scope), services.status().partial()));
        }).build();
    }

    /** The HTTP API's caps, so a tool call cannot send what a request could not. */
    private static String invalid(String query) {
        try {
            QueryHandlers.requiredText(query, "query");
            return null;
        } catch (BadRequestException e) {
            return e.getMessage();
        }
    }

    private static Scope scope(Map<String, Object> arguments) {
        return new Scope(text(arguments, "collection"), text(arguments, "category"), texts(arguments, "tag"),
                texts(arguments, "where"));
    }

    /** A string or a list of strings; anything else is the caller's error. */
    private static java.util.List<String> texts(Map<String, Object> arguments, String name) {
        Object value = arguments == null ? null : arguments.get(name);
        if (value == null) {
            return java.util.List.of();
        }
        if (value instanceof String text) {
            return java.util.List.of(text);
        }
        if (value instanceof java.util.List<?> list && list.stream().allMatch(String.class::isInstance)) {
            return list.stream().map(String.class::cast).toList();
        }
        throw new BadRequestException(name + " must be a string or an array of strings");
    }

    private static String text(Map<String, Object> arguments, String name) {
        Object value = arguments == null ? null : arguments.get(name);
        return value == null || value.toString().isBlank() ? null : value.toString().strip();
    }

    private static McpSchema.CallToolResult json(Object body) {
        try {
            return McpSchema.CallToolResult.builder().addTextContent(Json.MAPPER.writeValueAsString(body))
                    .isError(false).build();
        } catch (java.io.IOException e) {
            return error(e.getMessage());
        }
    }

    private static McpSchema.CallToolResult error(String message) {
        return McpSchema.CallToolResult.builder().addTextContent(message).isError(true).build();
    }
}

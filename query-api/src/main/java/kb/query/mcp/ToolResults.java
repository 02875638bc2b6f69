package kb.query.mcp;

import io.modelcontextprotocol.spec.McpSchema;
import java.io.IOException;
import java.util.Map;
import kb.core.Json;
import kb.query.documents.DocumentFiles;
import kb.query.errors.BadRequestException;
import kb.query.errors.NotFoundException;
import kb.query.status.WithIndexState;

/**
 * A tool's answer as MCP carries it: {@code structuredContent} (what the tool's output schema declares), the same
 * JSON as one text item for clients older than structured results, and the index's state in {@code _meta} as well
 * as in the body, so a client can tell "not there" from "not indexed yet" without reading the answer. A caller's
 * mistake is a tool error the agent can read and fix ({@code isError}), never a protocol error or a crash.
 */
final class ToolResults {

    /** The {@code _meta} key of the index's state. */
    static final String INDEX_META = "index";

    private ToolResults() {}

    /** A tool's work, which may fail on the caller's arguments or on Elasticsearch. */
    @FunctionalInterface
    interface Call {
        McpSchema.CallToolResult get() throws IOException;
    }

    /** The call's answer, or its failure as a tool error in words. */
    static McpSchema.CallToolResult checked(Call call) {
        try {
            return call.get();
        } catch (BadRequestException | NotFoundException e) {
            return error(e.getMessage());
        } catch (DocumentFiles.InvalidUpload e) {
            return error(e.getMessage());
        } catch (IOException e) {
            return error("the index did not answer: " + e.getMessage());
        }
    }

    /** An answer with the index's state, in the body ({@code index}) and in {@code _meta}. */
    static McpSchema.CallToolResult of(WithIndexState<?> answer) {
        return json(answer, Map.of(INDEX_META, Json.MAPPER.convertValue(answer.index(), Map.class)));
    }

    /** The answer as {@code structuredContent} and, the same JSON, as one text item. */
    static McpSchema.CallToolResult json(Object body, Map<String, Object> meta) {
        try {
            Map<?, ?> structured = Json.MAPPER.convertValue(body, Map.class);
            return McpSchema.CallToolResult.builder()
                    .addTextContent(Json.MAPPER.writeValueAsString(structured))
                    .structuredContent(structured)
                    .meta(meta)
                    .isError(false)
                    .build();
        } catch (IOException | IllegalArgumentException e) {
            return error(e.getMessage());
        }
    }

    static McpSchema.CallToolResult error(String message) {
        return McpSchema.CallToolResult.builder()
                .addTextContent(message)
                .isError(true)
                .build();
    }
}

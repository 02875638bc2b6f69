package kb.query.mcp;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializerProvider;
import com.fasterxml.jackson.databind.module.SimpleModule;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.ser.std.StdSerializer;
import io.modelcontextprotocol.spec.McpError;
import java.io.IOException;
import java.util.Optional;
import kb.core.Json;

/**
 * What reaches the MCP endpoint and what leaves it when something is wrong: every error is a JSON-RPC error object
 * ({@code {"jsonrpc": "2.0", "id": ..., "error": {"code", "message"}}}), never a serialised Java exception (the
 * SDK writes its {@link McpError} with the mapper it is given: ten kilobytes of stack frames), and a message the
 * SDK would misread is refused before it: a batch, a body that is not JSON, {@code params} or a tool call's
 * {@code arguments} that is not an object.
 */
final class McpMessages {

    static final int PARSE_ERROR = -32700;
    static final int INVALID_REQUEST = -32600;
    static final int INVALID_PARAMS = -32602;
    static final int INTERNAL_ERROR = -32603;

    private McpMessages() {}

    /** The mapper for the SDK: as Jackson's default, but an {@link McpError} is written as a JSON-RPC error. */
    static ObjectMapper mapper() {
        SimpleModule errors = new SimpleModule("kb-mcp-errors");
        errors.addSerializer(McpError.class, new StdSerializer<>(McpError.class) {
            @Override
            public void serialize(McpError error, JsonGenerator out, SerializerProvider provider) throws IOException {
                var rpc = error.getJsonRpcError();
                out.writeTree(envelope(
                        null,
                        rpc == null || rpc.code() == null ? INTERNAL_ERROR : rpc.code(),
                        rpc == null || rpc.message() == null ? String.valueOf(error.getMessage()) : rpc.message()));
            }
        });
        return new ObjectMapper().registerModule(errors);
    }

    /** Why a POST body cannot go to the SDK, as a JSON-RPC error; empty when it may. */
    static Optional<ObjectNode> refusal(byte[] body) {
        JsonNode message;
        try {
            message = Json.MAPPER.readTree(body);
        } catch (IOException e) {
            return Optional.of(envelope(null, PARSE_ERROR, "the body is not JSON: " + firstLine(e.getMessage())));
        }
        if (message == null || message.isArray()) {
            return Optional.of(envelope(
                    null, INVALID_REQUEST, "send one JSON-RPC message per request: batches are not supported"));
        }
        if (!message.isObject()) {
            return Optional.of(envelope(null, INVALID_REQUEST, "a JSON-RPC message is an object"));
        }
        JsonNode id = message.get("id");
        if (message.hasNonNull("params") && !message.get("params").isObject()) {
            return Optional.of(envelope(id, INVALID_PARAMS, "params must be an object"));
        }
        JsonNode arguments = message.path("params").get("arguments");
        if (arguments != null && !arguments.isNull() && !arguments.isObject()) {
            // The SDK would fail to read them and answer nothing at all.
            return Optional.of(envelope(id, INVALID_PARAMS, "arguments must be an object"));
        }
        return Optional.empty();
    }

    /** Whether the message calls the tool {@code tool} (a body {@link #refusal} let through). */
    static boolean isWrite(byte[] body, String tool) {
        try {
            JsonNode message = Json.MAPPER.readTree(body);
            return "tools/call".equals(message.path("method").asText())
                    && tool.equals(message.path("params").path("name").asText());
        } catch (IOException e) {
            return false;
        }
    }

    static ObjectNode envelope(JsonNode id, int code, String text) {
        ObjectNode envelope = Json.MAPPER.createObjectNode().put("jsonrpc", "2.0");
        envelope.set("id", id == null ? Json.MAPPER.nullNode() : id);
        envelope.putObject("error").put("code", code).put("message", text);
        return envelope;
    }

    private static String firstLine(String text) {
        String line = String.valueOf(text).lines().findFirst().orElse("");
        return line.length() > 200 ? line.substring(0, 200) : line;
    }
}

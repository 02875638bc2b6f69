package kb.local.mcp;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;
import kb.core.Json;

/**
 * Relays MCP's stdio transport (one JSON-RPC message per line on stdin and stdout) to a running kb's streamable
 * HTTP endpoint ({@code /mcp}), so any number of client copies share one index and one writer. Each message is
 * posted as it comes; the answer (JSON, or the events of an SSE stream) is written back one message per line,
 * nothing else on stdout. When no kb runs, a request is answered with a JSON-RPC error saying how to start one; when
 * the kb restarted (its session is gone), the client's {@code initialize} is replayed once and the message retried.
 *
 * <p>Not thread-safe: one forwarder per process, reading stdin on one thread.
 */
public final class McpForwarder {

    /** JSON-RPC's implementation-defined server error: the server (here, the kb behind) is not there. */
    static final int NO_SERVER = -32000;

    private final Supplier<RunningKb> locate;
    private final String token;
    private final PrintStream out;
    private final PrintStream log;
    private final HttpClient http =
            HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
    private String session;
    private String protocolVersion;
    private String initialize;

    /**
     * @param locate finds the running kb (read again while none is found: it may start later)
     * @param token  the bearer token for writes (KB_API_TOKEN), or null
     * @param out    the protocol's stream: JSON-RPC messages only
     * @param log    where diagnostics go (stderr)
     */
    public McpForwarder(Supplier<RunningKb> locate, String token, PrintStream out, PrintStream log) {
        this.locate = locate;
        this.token = token;
        this.out = out;
        this.log = log;
    }

    /** Relays until stdin ends. */
    public void run(InputStream in) throws IOException {
        BufferedReader lines = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8));
        for (String line = lines.readLine(); line != null; line = lines.readLine()) {
            if (!line.isBlank()) {
                relay(line);
            }
        }
    }

    private void relay(String line) {
        JsonNode message;
        try {
            message = Json.MAPPER.readTree(line);
        } catch (IOException e) {
            write(error(null, -32700, "the line is not JSON: " + e.getMessage()));
            return;
        }
        JsonNode id = message.get("id");
        boolean request = id != null && message.has("method");
        if ("initialize".equals(message.path("method").asText())) {
            initialize = line;
            session = null;
        }
        RunningKb kb = locate.get();
        if (kb.url() == null) {
            log.println("kb mcp: " + kb.why());
            if (request) {
                write(error(id, NO_SERVER, kb.why()));
            }
            return;
        }
        try {
            List<String> answers = post(kb.url(), line);
            if (answers == null && initialize != null && !line.equals(initialize)) {
                // The kb restarted and forgot the session: open a new one as the client did, then retry.
                List<String> opened = post(kb.url(), initialize);
                post(kb.url(), "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}");
                answers = opened == null ? null : post(kb.url(), line);
            }
            if (answers == null) {
                if (request) {
                    write(error(id, NO_SERVER, "the kb at " + kb.url() + " lost this session; initialize again"));
                }
                return;
            }
            answers.forEach(this::write);
        } catch (IOException e) {
            String why = "the kb at " + kb.url() + " does not answer (" + e + "); is it running? `kb up` starts one";
            log.println("kb mcp: " + why);
            if (request) {
                write(error(id, NO_SERVER, why));
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** The messages the kb answered with; null when it no longer knows the session (404). */
    private List<String> post(URI kb, String line) throws IOException, InterruptedException {
        HttpRequest.Builder request = HttpRequest.newBuilder(kb.resolve("/mcp"))
                .header("Content-Type", "application/json")
                .header("Accept", "application/json, text/event-stream")
                .POST(HttpRequest.BodyPublishers.ofString(line, StandardCharsets.UTF_8));
        if (session != null) {
            request.header("Mcp-Session-Id", session);
        }
        if (protocolVersion != null) {
            request.header("MCP-Protocol-Version", protocolVersion);
        }
        if (token != null) {
            request.header("Authorization", "Bearer " + token);
        }
        HttpResponse<InputStream> response = http.send(request.build(), HttpResponse.BodyHandlers.ofInputStream());
        response.headers().firstValue("Mcp-Session-Id").ifPresent(id -> session = id);
        if (response.statusCode() == 404 && session != null) {
            response.body().close();
            session = null;
            return null;
        }
        String type = response.headers().firstValue("Content-Type").orElse("");
        List<String> answers = type.startsWith("text/event-stream") ? events(response.body()) : single(response, line);
        answers.forEach(this::notice);
        return answers;
    }

    /** The protocol version the kb chose, sent back on every later request as the transport asks. */
    private void notice(String answer) {
        try {
            JsonNode version = Json.MAPPER.readTree(answer).path("result").path("protocolVersion");
            if (version.isTextual()) {
                protocolVersion = version.asText();
            }
        } catch (IOException e) {
            // not ours to judge: the client reads it
        }
    }

    /** The data of each event of an SSE stream, until the stream ends. */
    private static List<String> events(InputStream body) throws IOException {
        List<String> messages = new ArrayList<>();
        try (BufferedReader stream = new BufferedReader(new InputStreamReader(body, StandardCharsets.UTF_8))) {
            StringBuilder data = new StringBuilder();
            for (String line = stream.readLine(); line != null; line = stream.readLine()) {
                if (line.startsWith("data:")) {
                    data.append(data.isEmpty() ? "" : "\n")
                            .append(line.substring(5).stripLeading());
                } else if (line.isEmpty() && !data.isEmpty()) {
                    messages.add(data.toString());
                    data.setLength(0);
                }
            }
            if (!data.isEmpty()) {
                messages.add(data.toString());
            }
        }
        return messages;
    }

    /** A JSON answer; nothing for an accepted notification; an HTTP refusal without JSON-RPC as an error. */
    private List<String> single(HttpResponse<InputStream> response, String line) throws IOException {
        String body;
        try (InputStream in = response.body()) {
            body = new String(in.readAllBytes(), StandardCharsets.UTF_8).strip();
        }
        if (body.isEmpty()) {
            return List.of();
        }
        try {
            JsonNode answer = Json.MAPPER.readTree(body);
            if (answer.has("jsonrpc")) {
                return List.of(body);
            }
        } catch (IOException e) {
            // not JSON: told below
        }
        JsonNode id = Json.MAPPER.readTree(line).get("id");
        if (id == null) {
            return List.of();
        }
        String shown = body.length() > 300 ? body.substring(0, 300) : body;
        return List.of(Json.MAPPER.writeValueAsString(
                error(id, NO_SERVER, "the kb answered HTTP " + response.statusCode() + ": " + shown)));
    }

    private static ObjectNode error(JsonNode id, int code, String message) {
        ObjectNode error = Json.MAPPER.createObjectNode().put("jsonrpc", "2.0");
        error.set("id", id == null ? Json.MAPPER.nullNode() : id);
        error.putObject("error").put("code", code).put("message", message);
        return error;
    }

    /** One message per line: a message's own line breaks (pretty-printed JSON) are folded away. */
    private void write(Object message) {
        try {
            String text = message instanceof String s ? s : Json.MAPPER.writeValueAsString(message);
            out.println(Json.MAPPER.writeValueAsString(Json.MAPPER.readTree(text)));
            out.flush();
        } catch (IOException e) {
            log.println("kb mcp: an answer could not be written: " + e);
        }
    }
}

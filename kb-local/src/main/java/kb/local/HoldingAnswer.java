package kb.local;

import java.io.BufferedInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Locale;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The holding server's one answer to one HTTP/1.1 request, then the connection is closed: {@code /health/live} 200
 * UP, {@code /health} and {@code /health/ready} 503 STARTING (the bodies the query API's own answer has), anything
 * else 503 {@code starting} with a Retry-After. Reads no more than a request head and a small body: nothing the
 * holding server answers needs either.
 */
final class HoldingAnswer {

    private static final Logger LOG = LoggerFactory.getLogger(HoldingAnswer.class);
    static final String LIVE = "{\"status\":\"UP\"}";
    static final String STARTING = "{\"status\":\"STARTING\"}";
    static final String NOT_YET = "{\"error\":\"starting\",\"detail\":\"kb is starting: the API answers once"
            + " the broker and Elasticsearch are up; /health/ready says when\"}";

    /** Says who answered: the holding server, not the query API (which serves the same health paths). */
    static final String SERVER = "kb-holding";

    /** A client that connects and sends nothing holds an answering thread no longer than this. */
    private static final Duration READ_TIMEOUT = Duration.ofSeconds(5);

    private static final int MAX_HEAD_BYTES = 16 * 1024;
    /** A body up to this is read before closing, so the close does not reset the connection under the answer. */
    private static final int MAX_DRAINED_BODY = 64 * 1024;

    private HoldingAnswer() {}

    /** Reads the request, answers it and closes {@code socket}; a client gone or too slow gets no answer. */
    static void answer(Socket socket) {
        try (socket) {
            socket.setSoTimeout((int) READ_TIMEOUT.toMillis());
            InputStream in = new BufferedInputStream(socket.getInputStream());
            String head = readHead(in);
            if (head == null) {
                return;
            }
            String[] requestLine = head.substring(0, head.indexOf('\r')).split(" ", 3);
            String method = requestLine[0];
            String target = requestLine.length > 1 ? requestLine[1] : "/";
            int query = target.indexOf('?');
            String path = query < 0 ? target : target.substring(0, query);
            in.skipNBytes(Math.min(contentLength(head), MAX_DRAINED_BODY));
            OutputStream out = socket.getOutputStream();
            out.write(response(method.equals("HEAD"), path));
            out.flush();
            socket.shutdownOutput();
        } catch (IOException | RuntimeException e) {
            LOG.debug("the holding server's answer failed: {}", e.toString());
        }
    }

    /** The whole response: status line, headers and (unless HEAD) the body. */
    static byte[] response(boolean head, String path) {
        boolean live = path.equals("/health/live");
        boolean health = path.equals("/health") || path.equals("/health/ready");
        String body = live ? LIVE : health ? STARTING : NOT_YET;
        byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
        StringBuilder headers = new StringBuilder(live ? "HTTP/1.1 200 OK\r\n" : "HTTP/1.1 503 Service Unavailable\r\n")
                .append("Content-Type: application/json\r\n")
                .append("Server: ")
                .append(SERVER)
                .append("\r\n")
                .append("Content-Length: ")
                .append(bytes.length)
                .append("\r\n")
                .append("Connection: close\r\n");
        if (!live) {
            headers.append("Retry-After: 5\r\n");
        }
        headers.append("\r\n");
        ByteArrayOutputStream response = new ByteArrayOutputStream();
        response.writeBytes(headers.toString().getBytes(StandardCharsets.US_ASCII));
        if (!head) {
            response.writeBytes(bytes);
        }
        return response.toByteArray();
    }

    /** The request line and headers up to the blank line, or null when the client sent none of it. */
    private static String readHead(InputStream in) throws IOException {
        ByteArrayOutputStream head = new ByteArrayOutputStream();
        int matched = 0; // of "\r\n\r\n"
        while (matched < 4 && head.size() < MAX_HEAD_BYTES) {
            int b = in.read();
            if (b < 0) {
                return null;
            }
            head.write(b);
            boolean expected = (matched % 2 == 0) ? b == '\r' : b == '\n';
            matched = expected ? matched + 1 : (b == '\r' ? 1 : 0);
        }
        String text = head.toString(StandardCharsets.ISO_8859_1);
        return text.indexOf('\r') < 0 ? null : text;
    }

    private static long contentLength(String head) {
        for (String line : head.split("\r\n")) {
            int colon = line.indexOf(':');
            if (colon > 0
                    && line.substring(0, colon).trim().toLowerCase(Locale.ROOT).equals("content-length")) {
                try {
                    return Math.max(0, Long.parseLong(line.substring(colon + 1).trim()));
                } catch (NumberFormatException e) {
                    return 0;
                }
            }
        }
        return 0;
    }
}

package kb.query.http;

import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import kb.core.Json;
import kb.query.api.QueryText;
import kb.query.errors.ApiError;
import org.eclipse.jetty.http.HttpField;
import org.eclipse.jetty.http.HttpFields;
import org.eclipse.jetty.http.HttpHeader;
import org.eclipse.jetty.http.HttpStatus;
import org.eclipse.jetty.server.Request;
import org.eclipse.jetty.server.handler.ErrorHandler;

/**
 * Jetty's own error answers (a request line over the header limit: 414; a malformed request: 400; errors
 * that never reach Javalin) as {@code {"error", "detail"}} JSON instead of Jetty's HTML page.
 */
final class JsonErrorHandler extends ErrorHandler {

    /**
     * Jetty rejects request lines and headers above this many bytes, before any handler runs. A question at the
     * 2,000-character cap in a 4-byte script is 24,000 bytes percent-encoded: it fits, with room for the headers.
     */
    static final int MAX_REQUEST_HEADER_BYTES = 32 * 1024;

    @Override
    public ByteBuffer badMessageError(int status, String reason, HttpFields.Mutable fields) {
        fields.put(new HttpField(HttpHeader.CONTENT_TYPE, "application/json"));
        return ByteBuffer.wrap(body(status, reason));
    }

    @Override
    protected void generateAcceptableResponse(
            Request baseRequest, HttpServletRequest request, HttpServletResponse response, int code, String message)
            throws IOException {
        baseRequest.setHandled(true);
        response.setContentType("application/json");
        response.getOutputStream().write(body(code, message));
    }

    static byte[] body(int status, String reason) {
        String detail = reason == null || reason.isBlank() ? HttpStatus.getMessage(status) : reason;
        if (status == HttpStatus.URI_TOO_LONG_414 || status == HttpStatus.REQUEST_HEADER_FIELDS_TOO_LARGE_431) {
            detail = "the request line or headers are over " + MAX_REQUEST_HEADER_BYTES
                    + " bytes; queries are capped at " + QueryText.MAX_CHARS + " characters";
        }
        try {
            return Json.MAPPER.writeValueAsBytes(new ApiError(QueryApp.errorName(status), detail));
        } catch (IOException e) {
            return ("{\"error\":\"" + QueryApp.errorName(status) + "\"}").getBytes(StandardCharsets.UTF_8);
        }
    }
}

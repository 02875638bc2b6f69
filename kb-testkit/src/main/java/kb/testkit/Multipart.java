package kb.testkit;

import java.io.ByteArrayOutputStream;
import java.net.http.HttpRequest;
import java.nio.charset.StandardCharsets;
import java.util.UUID;

/** A multipart/form-data body with {@code category} (and {@code collection}) fields and a {@code file} part, for upload tests. */
public final class Multipart {

    private Multipart() {}

    public static HttpRequest.Builder upload(
            HttpRequest.Builder builder, String category, String fileName, byte[] content) {
        return upload(builder, null, category, fileName, content);
    }

    /** @param collection null: no collection field (the API's default collection) */
    public static HttpRequest.Builder upload(
            HttpRequest.Builder builder, String collection, String category, String fileName, byte[] content) {
        String boundary = "kb" + UUID.randomUUID();
        ByteArrayOutputStream body = new ByteArrayOutputStream();
        if (collection != null) {
            write(
                    body,
                    "--" + boundary + "\r\nContent-Disposition: form-data; name=\"collection\"\r\n\r\n" + collection
                            + "\r\n");
        }
        write(
                body,
                "--" + boundary + "\r\nContent-Disposition: form-data; name=\"category\"\r\n\r\n" + category + "\r\n");
        write(
                body,
                "--" + boundary + "\r\nContent-Disposition: form-data; name=\"file\"; filename=\"" + fileName
                        + "\"\r\nContent-Type: application/octet-stream\r\n\r\n");
        body.writeBytes(content);
        write(body, "\r\n--" + boundary + "--\r\n");
        return builder.header("Content-Type", "multipart/form-data; boundary=" + boundary)
                .POST(HttpRequest.BodyPublishers.ofByteArray(body.toByteArray()));
    }

    private static void write(ByteArrayOutputStream out, String text) {
        out.writeBytes(text.getBytes(StandardCharsets.UTF_8));
    }
}

package kb.core.topics;

import java.nio.charset.StandardCharsets;
import org.apache.kafka.common.header.Headers;

/** The dead-letter contract: the original key and value, and three headers saying why. */
public final class DeadLetters {

    public static final String STAGE = "kb.error.stage";
    public static final String CLASS = "kb.error.class";
    public static final String MESSAGE = "kb.error.message";
    /** What identifies the bad input's version (e.g. its hash), so a stage reports an unchanged one once. */
    public static final String FINGERPRINT = "kb.error.fingerprint";

    private DeadLetters() {}

    /** Adds the reason headers; the message is cut so one bad record cannot produce a huge header. */
    public static void addReason(Headers headers, String stage, String errorClass, String message) {
        String text = message == null ? "" : message;
        if (text.length() > 2000) {
            text = text.substring(0, 2000);
        }
        headers.add(STAGE, stage.getBytes(StandardCharsets.UTF_8));
        headers.add(CLASS, errorClass.getBytes(StandardCharsets.UTF_8));
        headers.add(MESSAGE, text.getBytes(StandardCharsets.UTF_8));
    }

    public static String header(Headers headers, String name) {
        var header = headers.lastHeader(name);
        return header == null ? null : new String(header.value(), StandardCharsets.UTF_8);
    }
}

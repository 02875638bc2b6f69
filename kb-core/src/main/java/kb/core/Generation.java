package kb.core;

import java.nio.ByteBuffer;
import org.apache.kafka.common.header.Header;
import org.apache.kafka.common.header.Headers;

/**
 * A document version's generation travels as a header (tombstones have no body): the offset of the file
 * event it came from. Higher means newer for the same document.
 */
public final class Generation {

    public static final String HEADER = "kb.generation";

    private Generation() {}

    /** The stamped generation, or the fallback when the record has none. */
    public static long read(Headers headers, long fallback) {
        Header header = headers.lastHeader(HEADER);
        if (header == null || header.value() == null || header.value().length != Long.BYTES) {
            return fallback;
        }
        return ByteBuffer.wrap(header.value()).getLong();
    }
}

package kb.core.topics;

import java.nio.ByteBuffer;
import org.apache.kafka.common.header.Header;
import org.apache.kafka.common.header.Headers;

/**
 * A document version's generation travels as a header (tombstones have no body); higher means newer for the same
 * document. The producer stamps each file event with one from its {@code GenerationClock} (microseconds of the
 * wall clock, strictly increasing), so a version published after the broker's log was lost or truncated is still
 * newer than what the index holds; an event of a producer that did not stamp it gets its offset on
 * kb.file-events, which is smaller than any stamped one (the generation of the days before stamps).
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

    /** Replaces the record's generation. */
    public static void write(Headers headers, long generation) {
        headers.remove(HEADER);
        headers.add(HEADER, ByteBuffer.allocate(Long.BYTES).putLong(generation).array());
    }
}

package kb.chunker;

import java.nio.ByteBuffer;
import kb.core.Generation;
import org.apache.kafka.streams.processor.api.FixedKeyProcessor;
import org.apache.kafka.streams.processor.api.FixedKeyProcessorContext;
import org.apache.kafka.streams.processor.api.FixedKeyRecord;

/**
 * Stamps each record with its offset on kb.file-events as the document's generation. A path's events
 * stay in one partition, so the offset only grows per document; reprocessing the same event yields the same
 * generation, and the sink can tell an old version (or a replay) from a new one, tombstones included.
 */
final class GenerationStamper implements FixedKeyProcessor<String, byte[], byte[]> {

    private FixedKeyProcessorContext<String, byte[]> context;

    @Override
    public void init(FixedKeyProcessorContext<String, byte[]> context) {
        this.context = context;
    }

    @Override
    public void process(FixedKeyRecord<String, byte[]> record) {
        long offset = context.recordMetadata().map(m -> m.offset()).orElse(-1L);
        record.headers().remove(Generation.HEADER);
        record.headers()
                .add(
                        Generation.HEADER,
                        ByteBuffer.allocate(Long.BYTES).putLong(offset).array());
        context.forward(record);
    }
}

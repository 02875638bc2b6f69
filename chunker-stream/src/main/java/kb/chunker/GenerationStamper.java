package kb.chunker;

import kb.core.topics.Generation;
import org.apache.kafka.streams.processor.api.FixedKeyProcessor;
import org.apache.kafka.streams.processor.api.FixedKeyProcessorContext;
import org.apache.kafka.streams.processor.api.FixedKeyRecord;

/**
 * Carries each record's generation to the sink: the one the producer stamped, else (an event of a producer that
 * stamped none) its offset on kb.file-events. Either only grows per document (a path's events stay in one
 * partition and come from its folder's one producer), and reprocessing the same event yields the same generation,
 * so the sink can tell an old version (or a replay) from a new one, tombstones included.
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
        Generation.write(record.headers(), Generation.read(record.headers(), offset));
        context.forward(record);
    }
}

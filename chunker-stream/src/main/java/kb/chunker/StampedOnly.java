package kb.chunker;

import kb.core.topics.Generation;
import org.apache.kafka.streams.processor.api.FixedKeyProcessor;
import org.apache.kafka.streams.processor.api.FixedKeyProcessorContext;
import org.apache.kafka.streams.processor.api.FixedKeyRecord;

/**
 * Lets through only the live lane's records that carry the producer's generation. The main topic falls back on the
 * record's offset for an unstamped event; an offset on the live lane is no generation at all (it would rank a copy
 * against the main topic's versions by chance), so an unstamped copy is dropped: its main-topic record is indexed in
 * turn.
 */
final class StampedOnly implements FixedKeyProcessor<String, byte[], byte[]> {

    private FixedKeyProcessorContext<String, byte[]> context;

    @Override
    public void init(FixedKeyProcessorContext<String, byte[]> context) {
        this.context = context;
    }

    @Override
    public void process(FixedKeyRecord<String, byte[]> record) {
        if (Generation.read(record.headers(), -1) >= 0) {
            context.forward(record);
        }
    }
}

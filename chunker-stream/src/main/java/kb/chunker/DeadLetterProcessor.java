package kb.chunker;

import java.nio.charset.StandardCharsets;
import kb.core.topics.DeadLetters;
import org.apache.kafka.common.header.internals.RecordHeaders;
import org.apache.kafka.streams.processor.api.ContextualProcessor;
import org.apache.kafka.streams.processor.api.Record;

/** Puts a failed record back into its original bytes, with the reason in the dead-letter headers. */
final class DeadLetterProcessor extends ContextualProcessor<String, Outcome, byte[], byte[]> {

    static final String STAGE = "chunker-stream";

    @Override
    public void process(Record<String, Outcome> record) {
        Outcome.Failed failed = (Outcome.Failed) record.value();
        RecordHeaders headers = new RecordHeaders(record.headers().toArray());
        DeadLetters.addReason(headers, STAGE, failed.errorClass(), failed.message());
        byte[] key = record.key() == null ? null : record.key().getBytes(StandardCharsets.UTF_8);
        context().forward(new Record<>(key, failed.original(), record.timestamp(), headers));
    }
}

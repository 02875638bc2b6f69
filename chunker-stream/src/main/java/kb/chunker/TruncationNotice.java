package kb.chunker;

import com.fasterxml.jackson.core.JsonProcessingException;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;
import kb.core.Json;
import kb.core.topics.DeadLetters;
import org.apache.kafka.common.header.internals.RecordHeaders;
import org.apache.kafka.streams.processor.api.ContextualProcessor;
import org.apache.kafka.streams.processor.api.Record;

/**
 * A document indexed in part is reported on kb.dlq, keyed like its file event (collection:path) like every dead letter of a file, with
 * a short description as the value (the file event itself may be megabytes, and is not what is wrong).
 */
final class TruncationNotice extends ContextualProcessor<String, Outcome, byte[], byte[]> {

    static final String ERROR_CLASS = "DocumentTruncated";

    @Override
    public void process(Record<String, Outcome> record) {
        RecordBudget.Truncation cut =
                ((Outcome.Indexed) record.value()).truncation().orElseThrow();
        RecordHeaders headers = new RecordHeaders();
        DeadLetters.addReason(headers, DeadLetterProcessor.STAGE, ERROR_CLASS, cut.message());
        byte[] key = record.key() == null ? null : record.key().getBytes(StandardCharsets.UTF_8);
        context().forward(new Record<>(key, describe(cut), record.timestamp(), headers));
    }

    private static byte[] describe(RecordBudget.Truncation cut) {
        Map<String, Object> value = new LinkedHashMap<>();
        value.put("path", cut.path());
        value.put("reason", "truncated");
        value.put("chunksKept", cut.chunksKept());
        value.put("chunksTotal", cut.chunksTotal());
        value.put("contentCharsKept", cut.contentCharsKept());
        value.put("contentCharsTotal", cut.contentCharsTotal());
        value.put("recordBytes", cut.recordBytes());
        try {
            return Json.MAPPER.writeValueAsBytes(value);
        } catch (JsonProcessingException e) {
            return cut.path().getBytes(StandardCharsets.UTF_8);
        }
    }
}

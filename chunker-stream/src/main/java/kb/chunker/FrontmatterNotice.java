package kb.chunker;

import com.fasterxml.jackson.core.JsonProcessingException;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import kb.core.Json;
import kb.core.topics.DeadLetters;
import org.apache.kafka.common.header.internals.RecordHeaders;
import org.apache.kafka.streams.processor.api.ContextualProcessor;
import org.apache.kafka.streams.processor.api.Record;

/**
 * A document indexed without its frontmatter, because the block was over the YAML size limit, is reported on
 * kb.dlq like a truncated one (keyed by collection:path): its title and keywords are missing and the user should
 * know why.
 */
final class FrontmatterNotice extends ContextualProcessor<String, Outcome, byte[], byte[]> {

    static final String ERROR_CLASS = "FrontmatterTooLarge";

    @Override
    public void process(Record<String, Outcome> record) {
        Outcome.Indexed indexed = (Outcome.Indexed) record.value();
        String message = indexed.frontmatterTooLarge().orElseThrow();
        RecordHeaders headers = new RecordHeaders();
        DeadLetters.addReason(headers, DeadLetterProcessor.STAGE, ERROR_CLASS, message);
        byte[] key = record.key() == null ? null : record.key().getBytes(StandardCharsets.UTF_8);
        context()
                .forward(new Record<>(
                        key, describe(indexed.document().card().path(), message), record.timestamp(), headers));
    }

    private static byte[] describe(String path, String message) {
        try {
            return Json.MAPPER.writeValueAsBytes(
                    Map.of("path", path, "reason", "frontmatter too large", "detail", message));
        } catch (JsonProcessingException e) {
            return path.getBytes(StandardCharsets.UTF_8);
        }
    }
}

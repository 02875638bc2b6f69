package kb.chunker;

import io.micrometer.core.instrument.MeterRegistry;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import kb.core.topics.DeadLetters;
import kb.core.topics.KbTopics;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.errors.RetriableException;
import org.apache.kafka.streams.StreamsConfig;
import org.apache.kafka.streams.errors.DeserializationExceptionHandler;
import org.apache.kafka.streams.errors.ErrorHandlerContext;
import org.apache.kafka.streams.errors.ProcessingExceptionHandler;
import org.apache.kafka.streams.errors.ProductionExceptionHandler;
import org.apache.kafka.streams.processor.api.Record;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The safety net behind the topology's own dead-lettering: whatever Kafka Streams cannot read, process or
 * produce (a record the broker refuses as too large, a processor that throws) goes to kb.dlq with the
 * reason, and the stream moves on. Failing instead would replace the thread, which re-reads the same
 * record forever, and every record behind it (a later tombstone of the same file included) waits.
 *
 * <p>The dead letter carries the source record (the file event), the one thing an operator can act on.
 */
public final class DeadLetterExceptionHandler
        implements ProductionExceptionHandler, ProcessingExceptionHandler, DeserializationExceptionHandler {

    /** Streams instantiates handlers itself: the registry travels in the streams properties under this key. */
    public static final String METER_REGISTRY_CONFIG = "kb.chunker.meter-registry";
    /** Source values larger than this are described instead of copied (dead letters obey the topic limit too). */
    public static final String MAX_VALUE_BYTES_CONFIG = "kb.chunker.max-value-bytes";

    /** The {@link DeadLetterSender} for production errors travels the same way; without one, Streams sends. */
    public static final String SENDER_CONFIG = "kb.chunker.dead-letter-sender";

    private static final Logger LOG = LoggerFactory.getLogger(DeadLetterExceptionHandler.class);

    private String dlqTopic;
    private int maxValueBytes = KbTopics.DEFAULT_MAX_MESSAGE_BYTES - KbTopics.RECORD_MARGIN_BYTES;
    private MeterRegistry registry;
    private DeadLetterSender sender;

    @Override
    public void configure(Map<String, ?> configs) {
        dlqTopic = (String) configs.get(StreamsConfig.ERRORS_DEAD_LETTER_QUEUE_TOPIC_NAME_CONFIG);
        if (dlqTopic == null) {
            throw new IllegalArgumentException(
                    StreamsConfig.ERRORS_DEAD_LETTER_QUEUE_TOPIC_NAME_CONFIG + " is required");
        }
        if (configs.get(MAX_VALUE_BYTES_CONFIG) != null) {
            maxValueBytes = Integer.parseInt(configs.get(MAX_VALUE_BYTES_CONFIG).toString());
        }
        if (configs.get(METER_REGISTRY_CONFIG) instanceof MeterRegistry meters) {
            registry = meters;
        }
        if (configs.get(SENDER_CONFIG) instanceof DeadLetterSender configured) {
            sender = configured;
        }
    }

    /**
     * A record the broker refused is dead-lettered; one it could not take now (away, restarting: a retriable error
     * such as a send that expired) is never dropped: Streams then closes the task and processes it again from its
     * last commit, so a broker's outage delays the chunks rather than losing them.
     */
    @Override
    public ProductionExceptionHandler.Response handleError(
            ErrorHandlerContext context, ProducerRecord<byte[], byte[]> record, Exception exception) {
        if (exception instanceof RetriableException) {
            LOG.warn(
                    "not sent to {} yet ({}): {} offset {} is processed again from the task's last commit",
                    record.topic(),
                    exception.toString(),
                    context.topic(),
                    context.offset());
            return ProductionExceptionHandler.Response.retry();
        }
        return resumeProduction(
                deadLetter(context, record.key(), "production", exception, "while producing to " + record.topic()));
    }

    @Override
    @SuppressWarnings("rawtypes")
    public ProductionExceptionHandler.Response handleSerializationError(
            ErrorHandlerContext context,
            ProducerRecord record,
            Exception exception,
            SerializationExceptionOrigin origin) {
        return resumeProduction(deadLetter(
                context,
                null,
                "production",
                exception,
                "while serializing the " + origin.name().toLowerCase(Locale.ROOT) + " for " + record.topic()));
    }

    /** Called on the producer's I/O thread: the letters go through the sender when there is one. */
    private ProductionExceptionHandler.Response resumeProduction(List<ProducerRecord<byte[], byte[]>> letters) {
        if (sender == null) {
            return ProductionExceptionHandler.Response.resume(letters);
        }
        letters.forEach(sender::send);
        return ProductionExceptionHandler.Response.resume();
    }

    @Override
    public ProcessingExceptionHandler.Response handleError(
            ErrorHandlerContext context, Record<?, ?> record, Exception exception) {
        return ProcessingExceptionHandler.Response.resume(
                deadLetter(context, null, "processing", exception, "in " + context.processorNodeId()));
    }

    @Override
    public DeserializationExceptionHandler.Response handleError(
            ErrorHandlerContext context, ConsumerRecord<byte[], byte[]> record, Exception exception) {
        return DeserializationExceptionHandler.Response.resume(
                deadLetter(context, record.key(), "deserialization", exception, "while reading " + record.topic()));
    }

    /**
     * @param fallbackKey the key of the record that failed, used when Streams no longer has the source
     *                    record's (a production error reported after the task moved on has none)
     */
    private List<ProducerRecord<byte[], byte[]>> deadLetter(
            ErrorHandlerContext context, byte[] fallbackKey, String reason, Exception exception, String where) {
        String message = exception.getMessage() + " (" + where + ", source " + context.topic() + "-"
                + context.partition() + "@" + context.offset() + ")";
        byte[] value = context.sourceRawValue();
        if (value != null && value.length > maxValueBytes) {
            message += "; the source value (" + value.length + " bytes) is too large to copy here";
            value = null;
        }
        byte[] key = context.sourceRawKey() != null ? context.sourceRawKey() : fallbackKey;
        ProducerRecord<byte[], byte[]> letter = new ProducerRecord<>(dlqTopic, null, key, value);
        DeadLetters.addReason(
                letter.headers(),
                DeadLetterProcessor.STAGE,
                exception.getClass().getName(),
                message);
        if (registry != null) {
            registry.counter("kb_chunker_dlq_total", "reason", reason).increment();
        }
        LOG.warn(
                "dead-lettered {} after a {} error: {}",
                key == null ? null : new String(key, StandardCharsets.UTF_8),
                reason,
                message);
        return List.of(letter);
    }
}

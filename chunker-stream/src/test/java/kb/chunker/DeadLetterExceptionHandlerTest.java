package kb.chunker;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import kb.core.topics.DeadLetters;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.errors.RecordTooLargeException;
import org.apache.kafka.common.errors.TimeoutException;
import org.apache.kafka.common.header.Headers;
import org.apache.kafka.common.header.internals.RecordHeaders;
import org.apache.kafka.streams.StreamsConfig;
import org.apache.kafka.streams.errors.ErrorHandlerContext;
import org.apache.kafka.streams.errors.ProcessingExceptionHandler;
import org.apache.kafka.streams.errors.ProductionExceptionHandler;
import org.apache.kafka.streams.processor.TaskId;
import org.apache.kafka.streams.processor.api.Record;
import org.junit.jupiter.api.Test;

class DeadLetterExceptionHandlerTest {

    private final SimpleMeterRegistry registry = new SimpleMeterRegistry();
    private final DeadLetterExceptionHandler handler = new DeadLetterExceptionHandler();

    private record Context(byte[] sourceRawKey, byte[] sourceRawValue) implements ErrorHandlerContext {
        public String topic() {
            return "kb.file-events";
        }

        public int partition() {
            return 0;
        }

        public long offset() {
            return 42;
        }

        public Headers headers() {
            return new RecordHeaders();
        }

        public String processorNodeId() {
            return "assemble-document";
        }

        public TaskId taskId() {
            return new TaskId(0, 0);
        }

        public long timestamp() {
            return 1;
        }
    }

    private void configure(int maxValueBytes) {
        handler.configure(Map.of(
                StreamsConfig.ERRORS_DEAD_LETTER_QUEUE_TOPIC_NAME_CONFIG,
                "kb.dlq",
                DeadLetterExceptionHandler.MAX_VALUE_BYTES_CONFIG,
                Integer.toString(maxValueBytes),
                DeadLetterExceptionHandler.METER_REGISTRY_CONFIG,
                registry));
    }

    @Test
    void shouldResumeAndDeadLetterTheSourceEventWhenTheBrokerRefusesARecordAsTooLarge() {
        configure(1000);
        byte[] key = "poison.txt".getBytes(StandardCharsets.UTF_8);
        byte[] value = "{\"path\":\"poison.txt\"}".getBytes(StandardCharsets.UTF_8);
        ProductionExceptionHandler.Response response = handler.handleError(
                new Context(key, value),
                new ProducerRecord<>("kb.chunks", new byte[0], new byte[0]),
                new RecordTooLargeException("The message is 18098808 bytes"));

        assertEquals(ProductionExceptionHandler.Result.RESUME, response.result());
        ProducerRecord<byte[], byte[]> letter =
                response.deadLetterQueueRecords().get(0);
        assertEquals("kb.dlq", letter.topic());
        assertArrayEquals(key, letter.key());
        assertArrayEquals(value, letter.value());
        assertEquals("chunker-stream", DeadLetters.header(letter.headers(), DeadLetters.STAGE));
        assertEquals(RecordTooLargeException.class.getName(), DeadLetters.header(letter.headers(), DeadLetters.CLASS));
        assertTrue(DeadLetters.header(letter.headers(), DeadLetters.MESSAGE).contains("kb.chunks"));
        assertEquals(
                1.0,
                registry.counter("kb_chunker_dlq_total", "reason", "production").count());
    }

    /** The broker away longer than a send's timeout: the record is processed again, never dead-lettered. */
    @Test
    void shouldRetryRatherThanDeadLetterWhenASendExpiresWhileTheBrokerIsAway() {
        configure(1000);
        ProductionExceptionHandler.Response response = handler.handleError(
                new Context("a.md".getBytes(StandardCharsets.UTF_8), new byte[0]),
                new ProducerRecord<>("kb.chunks", new byte[0], new byte[0]),
                new TimeoutException("Expiring 1 record(s) for kb.chunks-0:120009 ms has passed since batch creation"));

        assertEquals(ProductionExceptionHandler.Result.RETRY, response.result());
        assertTrue(response.deadLetterQueueRecords().isEmpty());
        assertEquals(
                0.0,
                registry.counter("kb_chunker_dlq_total", "reason", "production").count());
    }

    @Test
    void shouldDescribeRatherThanCopyASourceValueTooLargeForTheDeadLetterTopic() {
        configure(10);
        ProcessingExceptionHandler.Response response = handler.handleError(
                new Context("a.md".getBytes(StandardCharsets.UTF_8), new byte[11]),
                new Record<>("a.md", "x", 1L),
                new IllegalStateException("boom"));

        assertEquals(ProcessingExceptionHandler.Result.RESUME, response.result());
        ProducerRecord<byte[], byte[]> letter =
                response.deadLetterQueueRecords().get(0);
        assertNull(letter.value());
        assertTrue(DeadLetters.header(letter.headers(), DeadLetters.MESSAGE).contains("too large to copy"));
        assertEquals(
                1.0,
                registry.counter("kb_chunker_dlq_total", "reason", "processing").count());
    }
}

package kb.local;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import ch.qos.logback.classic.LoggerContext;
import ch.qos.logback.classic.util.LogbackMDCAdapter;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.time.OffsetDateTime;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * kb's own log configuration (logback.xml, not the tests'): every line dated in ISO-8601 with its offset, ours at
 * INFO and Kafka's and the Elasticsearch client's only from WARN, and {@code json} one parseable object a line.
 */
class LogFormatTest {

    private static final URL KB_LOG = LogFormatTest.class.getResource("/logback.xml");

    /** What {@code kb}'s log printed for a few lines, configured with {@code format}. */
    private static List<String> logged(String format) {
        PrintStream err = System.err;
        ByteArrayOutputStream captured = new ByteArrayOutputStream();
        LoggerContext context = new LoggerContext();
        context.setMDCAdapter(new LogbackMDCAdapter()); // the global context's is set by its SLF4J provider
        try {
            System.setErr(new PrintStream(captured, true, StandardCharsets.UTF_8));
            LogFormat.configure(context, KB_LOG, format);
            context.getLogger("kb.local.UpCommand").info("ready on port {}", 8080);
            context.getLogger("org.apache.kafka.clients.NetworkClient").info("a client's INFO line");
            context.getLogger("co.elastic.clients.transport").info("the Elasticsearch client's INFO line");
            context.getLogger("kafka.server.BrokerServer").warn("a broker's warning");
        } finally {
            context.stop();
            System.setErr(err);
        }
        return captured.toString(StandardCharsets.UTF_8).lines().toList();
    }

    @Test
    void shouldDateEveryPlainLineInIso8601WithItsOffset() {
        List<String> lines = logged("plain");
        assertEquals(2, lines.size(), "our INFO and the broker's WARN only: " + lines);
        for (String line : lines) {
            String stamp = line.substring(0, line.indexOf(' '));
            OffsetDateTime.parse(stamp); // throws unless ISO-8601 with an offset
            assertTrue(stamp.matches("\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}\\.\\d{3}([+-]\\d{2}:\\d{2}|Z)"), line);
        }
        assertTrue(lines.get(0).endsWith(" INFO  kb.local.UpCommand - ready on port 8080"), lines.get(0));
        assertTrue(lines.get(1).endsWith(" WARN  kafka.server.BrokerServer - a broker's warning"), lines.get(1));
    }

    @Test
    void shouldWriteOneParseableObjectALineWhenTheFormatIsJson() throws Exception {
        List<String> lines = logged("json");
        assertEquals(2, lines.size(), "our INFO and the broker's WARN only: " + lines);
        JsonNode first = new ObjectMapper().readTree(lines.get(0));
        assertEquals("ready on port 8080", first.get("message").asText());
        assertEquals("INFO", first.get("level").asText());
        assertEquals("kb.local.UpCommand", first.get("logger_name").asText());
        OffsetDateTime.parse(first.get("@timestamp").asText());
        assertEquals(null, first.get("KB_LOG_FORMAT"), "the context's properties stay out of a line");
        assertEquals(
                "WARN", new ObjectMapper().readTree(lines.get(1)).get("level").asText());
    }
}

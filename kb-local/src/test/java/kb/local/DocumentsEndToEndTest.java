package kb.local;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import kb.core.Ids;
import kb.core.Json;
import kb.core.topics.DeadLetters;
import kb.ingest.samples.SampleDocuments;
import kb.testkit.SharedInfrastructure;
import kb.testkit.TopicReader;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * PDF, Office, HTML and notebook files searchable like notes, through the real broker, Elasticsearch and model:
 * an answer on page 3 of a PDF is found with page 3, a DOCX heading heads its chunk and the answer cites that heading
 * and paragraph, an edited PDF leaves no stale chunk and a deleted one is gone, and an encrypted PDF and a zip bomb
 * land in kb.dlq with their reason while the files behind them are indexed.
 */
class DocumentsEndToEndTest {

    private static final Duration DEADLINE = Duration.ofSeconds(120);
    private static final List<String> PAGES = List.of(
            "Installation. Bolt the pump to a level concrete base.\nConnect the inlet hose before the outlet hose.",
            "Priming. Fill the casing with clean water before the first start.\nNever run the pump dry.",
            "Maintenance. Tighten the impeller retaining bolt to a torque of 42 newton metres.\n"
                    + "Replace the mechanical seal every two years.");
    private static PipelineHarness kb;

    @BeforeAll
    static void startPipeline() throws Exception {
        kb = new PipelineHarness();
        SampleDocuments.pdf(kb.kbDir().resolve("manuals/pump.pdf"), "Centrifugal Pump Manual", PAGES);
        SampleDocuments.docx(
                kb.kbDir().resolve("guides/sensor.docx"),
                "Flow Sensor Guide",
                "Calibration",
                "Set the flow sensor zero point with the valve closed.",
                "Cleaning",
                "Wipe the sensor window with isopropyl alcohol.");
        SampleDocuments.notebook(
                kb.kbDir().resolve("analysis/churn.ipynb"),
                List.of("# Churn study\nWhy subscribers of the zorblax plan cancel.", "code:import pandas as pd"));
        kb.write(
                "wiki/page.html",
                "<html><head><title>Release Train</title></head><body><h1>Schedule</h1>"
                        + "<p>The quarkwell release train leaves every second Tuesday.</p></body></html>");
        kb.start();
        await().atMost(DEADLINE)
                .until(() -> kb.indexed(
                        List.of("analysis/churn.ipynb", "guides/sensor.docx", "manuals/pump.pdf", "wiki/page.html")));
    }

    @AfterAll
    static void stopPipeline() {
        kb.close();
    }

    @Test
    void shouldAnswerFromPageThreeWithThatPage() throws Exception {
        JsonNode result = kb.search("what torque for the impeller retaining bolt")
                .get("results")
                .get(0);
        assertEquals("manuals/pump.pdf", result.get("path").asText());
        assertEquals("Centrifugal Pump Manual", result.get("title").asText());
        JsonNode chunk = result.get("chunks").get(0);
        assertTrue(chunk.get("text").asText().contains("42 newton metres"), chunk.toString());
        assertEquals(page(3), chunk.get("location"));
    }

    @Test
    void shouldHeadADocxChunkByItsHeadingAndFindNotebookAndHtmlText() throws Exception {
        JsonNode result = kb.search("flow sensor zero point").get("results").get(0);
        assertEquals("guides/sensor.docx", result.get("path").asText());
        assertEquals("Flow Sensor Guide", result.get("title").asText());
        assertEquals(
                "Calibration", result.get("chunks").get(0).get("sectionHeader").asText());
        assertEquals(
                paragraphs(2, "Calibration"),
                result.get("chunks").get(0).get("location"),
                "Word keeps no pages: the answer cites its heading and paragraph");
        JsonNode notebook = kb.search("zorblax").get("results").get(0);
        assertEquals("analysis/churn.ipynb", notebook.get("path").asText());
        assertEquals("Churn study", notebook.get("title").asText());
        assertEquals(
                "cell",
                notebook.get("chunks").get(0).get("location").get("unit").asText());
        JsonNode html = kb.search("quarkwell").get("results").get(0);
        assertEquals("wiki/page.html", html.get("path").asText());
        assertEquals("Release Train", html.get("title").asText());
        assertEquals(paragraphs(2, "Schedule"), html.get("chunks").get(0).get("location"));
    }

    @Test
    void shouldDeadLetterAnEncryptedPdfAndAZipBombWithTheirReasonAndIndexTheFileBehindThem() throws Exception {
        String bootstrap = SharedInfrastructure.get().bootstrapServers();
        try (TopicReader dlq = new TopicReader(bootstrap, kb.prefix() + ".dlq")) {
            SampleDocuments.encryptedPdf(kb.kbDir().resolve("inbox/secret.pdf"), "The vault code is 1234.");
            SampleDocuments.zipBombDocx(kb.kbDir().resolve("inbox/bomb.docx"), 300);
            kb.write("inbox/after.md", "# After\n\nThe glimmerfen note, written after the bad documents.\n");
            ConsumerRecord<byte[], byte[]> secret =
                    await().atMost(DEADLINE).until(() -> letterFor(dlq, "inbox/secret.pdf"), r -> r != null);
            ConsumerRecord<byte[], byte[]> bomb =
                    await().atMost(DEADLINE).until(() -> letterFor(dlq, "inbox/bomb.docx"), r -> r != null);
            assertTrue(DeadLetters.header(secret.headers(), DeadLetters.MESSAGE).startsWith("encrypted"));
            assertTrue(
                    DeadLetters.header(bomb.headers(), DeadLetters.MESSAGE).startsWith("too large"),
                    DeadLetters.header(bomb.headers(), DeadLetters.MESSAGE));
            await().atMost(DEADLINE)
                    .until(() -> PipelineHarness.paths(kb.search("glimmerfen")).contains("inbox/after.md"));
            assertFalse(kb.documentPaths().contains("inbox/secret.pdf"));
        }
    }

    @Test
    void shouldLeaveNoStaleChunkOfAnEditedPdfAndNothingOfADeletedOne() throws Exception {
        SampleDocuments.pdf(
                kb.kbDir().resolve("manuals/valve.pdf"),
                "Valve Sheet",
                List.of("The snorkelwrench opens the bypass valve.", "Close it with two turns."));
        await().atMost(DEADLINE)
                .until(() -> PipelineHarness.anyChunkContains(kb.search("snorkelwrench"), "snorkelwrench"));
        SampleDocuments.pdf(
                kb.kbDir().resolve("manuals/valve.pdf"),
                "Valve Sheet",
                List.of("The bypass valve opens by hand.", "Close it with the plinthook lever."));
        await().atMost(DEADLINE)
                .until(() -> PipelineHarness.anyChunkContains(kb.search("plinthook lever"), "plinthook"));
        assertEquals(
                page(2), chunkWith(kb.search("plinthook lever"), "plinthook").get("location"));
        await().atMost(DEADLINE)
                .until(() -> !PipelineHarness.anyChunkContains(kb.search("snorkelwrench"), "snorkelwrench"));
        kb.delete("manuals/valve.pdf");
        await().atMost(DEADLINE)
                .until(() -> !kb.documentPaths().contains("manuals/valve.pdf")
                        && !PipelineHarness.anyChunkContains(kb.search("plinthook lever"), "plinthook"));
    }

    private static JsonNode chunkWith(JsonNode search, String text) {
        for (JsonNode result : search.get("results")) {
            for (JsonNode chunk : result.get("chunks")) {
                if (chunk.get("text").asText().contains(text)) {
                    return chunk;
                }
            }
        }
        throw new AssertionError("no chunk shows " + text + ": " + search);
    }

    private static JsonNode paragraphs(int number, String headingPath) {
        return Json.MAPPER
                .createObjectNode()
                .put("unit", "paragraph")
                .put("start", number)
                .put("end", number)
                .put("part", headingPath);
    }

    private static JsonNode page(int number) {
        return Json.MAPPER
                .createObjectNode()
                .put("unit", "page")
                .put("start", number)
                .put("end", number);
    }

    private static ConsumerRecord<byte[], byte[]> letterFor(TopicReader dlq, String path) {
        return dlq.records().stream()
                .filter(r -> r.key() != null
                        && Ids.fileKey(PipelineHarness.COLLECTION, path)
                                .equals(new String(r.key(), StandardCharsets.UTF_8)))
                .findFirst()
                .orElse(null);
    }
}

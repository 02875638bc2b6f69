package kb.query.http;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.JsonNode;
import io.javalin.Javalin;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.Map;
import kb.core.Json;
import kb.core.runtime.Metrics;
import kb.core.settings.Settings;
import kb.query.api.ApiServices;
import kb.query.api.WriteGuard;
import kb.query.config.QueryConfig;
import kb.query.search.SearchService;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * {@code POST /api/v1/lookup}'s body as the app reads it: every malformed body or field is a 400 naming what is
 * wrong, in the order the fields are read, before any service is asked (the services here are never called).
 */
class LookupBodyTest {

    private static final HttpClient HTTP = HttpClient.newHttpClient();
    private static final String SHAPE = "{\"query\": ..., \"section_title\": ...}";
    private static Javalin app;

    @BeforeAll
    static void start() {
        QueryConfig config = QueryConfig.from(new Settings(Map.of()));
        SearchService search = new SearchService(config, null, null, null, null, null);
        ApiServices services = new ApiServices(
                new ApiServices.Answering(search, null, null, null), null, null, WriteGuard.from(config), null);
        app = QueryApp.create(services, Metrics.newRegistry(), 1024).start("127.0.0.1", 0);
    }

    @AfterAll
    static void stop() {
        if (app != null) {
            app.stop();
        }
    }

    private static String refusal(String body) throws Exception {
        HttpResponse<String> response = HTTP.send(
                HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + app.port() + "/api/v1/lookup"))
                        .header("Content-Type", "application/json")
                        .POST(HttpRequest.BodyPublishers.ofString(body))
                        .build(),
                HttpResponse.BodyHandlers.ofString());
        assertEquals(400, response.statusCode(), response.body());
        JsonNode error = Json.MAPPER.readTree(response.body());
        assertEquals("bad_request", error.get("error").asText());
        return error.get("detail").asText();
    }

    @Test
    void shouldRefuseABodyThatIsNoJsonObjectWhenPosted() throws Exception {
        assertEquals("body must be JSON: " + SHAPE, refusal("nope"));
        assertEquals("body must be JSON: " + SHAPE, refusal("{\"query\": "));
        assertEquals("body must be a JSON object: " + SHAPE, refusal("[\"query\"]"));
        assertEquals("body must be a JSON object: " + SHAPE, refusal("\"query\""));
        assertEquals("body must be a JSON object: " + SHAPE, refusal(""));
    }

    @Test
    void shouldRefuseAFieldOfTheWrongTypeWhenPosted() throws Exception {
        assertEquals("query must be a string", refusal("{\"query\": 3}"));
        assertEquals("query must be a string", refusal("{\"query\": 3, \"tag\": 1}"));
        assertEquals("section_title must be a string", refusal("{\"query\": \"q\", \"section_title\": [\"a\"]}"));
        assertEquals("collection must be a string", refusal("{\"query\": \"q\", \"collection\": true}"));
        assertEquals("category must be a string", refusal("{\"query\": \"q\", \"category\": {}}"));
        assertEquals("tag must be a string or an array of strings", refusal("{\"query\": \"q\", \"tag\": [1]}"));
        assertEquals(
                "tag must be a string or an array of strings", refusal("{\"query\": \"q\", \"tag\": [\"a\", null]}"));
        assertEquals("where must be a string or an array of strings", refusal("{\"query\": \"q\", \"where\": {}}"));
    }

    @Test
    void shouldApplyTheQueryParametersRulesToTheFieldsWhenPosted() throws Exception {
        assertEquals("'query' is required", refusal("{}"));
        assertEquals("'query' is required", refusal("{\"query\": null}"));
        assertEquals("'query' is required", refusal("{\"query\": \"  \", \"section_title\": \"a\"}"));
        // The cap counts the text as sent, blanks included, as it does for ?query=.
        assertEquals("'query' is longer than 2000 characters", refusal("{\"query\": \"" + "x".repeat(1999) + "  \"}"));
        assertEquals(
                "where 'draft' is not name:value (for example where=status:draft)",
                refusal("{\"query\": \"q\", \"tag\": \"a\", \"where\": \"draft\"}"));
    }
}

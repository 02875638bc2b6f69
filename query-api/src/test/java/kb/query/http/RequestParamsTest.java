package kb.query.http;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.javalin.Javalin;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.Optional;
import kb.query.config.FusionMethod;
import kb.query.errors.BadRequestException;
import kb.query.search.SearchOptions;
import kb.query.search.SearchRequest;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** The search request as the HTTP door parses it, on an app started on a random port (no Elasticsearch). */
class RequestParamsTest {

    private static Javalin app;
    private static final HttpClient HTTP = HttpClient.newHttpClient();

    @BeforeAll
    static void start() {
        app = Javalin.create(config -> {
                    config.showJavalinBanner = false;
                    RequestParams.registerConverters(config);
                })
                .get("/search", ctx -> ctx.result(describe(RequestParams.search(ctx))))
                .exception(
                        BadRequestException.class, (e, ctx) -> ctx.status(400).result(e.getMessage()))
                .start("127.0.0.1", 0);
    }

    @AfterAll
    static void stop() {
        app.stop();
    }

    private static String describe(SearchRequest request) {
        SearchOptions o = request.options();
        return String.join(
                " ",
                request.question().normal(),
                "k=" + request.k(),
                o.arms().name(),
                "gate=" + o.gate(),
                "explain=" + o.explain(),
                "window=" + o.window().map(String::valueOf).orElse("-"),
                "bm25Weight=" + o.bm25Weight().map(String::valueOf).orElse("-"),
                "fusion=" + o.fusion().map(FusionMethod::name).orElse("-"),
                "alpha=" + o.convexAlpha().map(String::valueOf).orElse("-"),
                "rrfK=" + o.rrfK().map(String::valueOf).orElse("-"));
    }

    private static HttpResponse<String> get(String query) throws IOException, InterruptedException {
        return HTTP.send(
                HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + app.port() + "/search?" + query))
                        .build(),
                HttpResponse.BodyHandlers.ofString());
    }

    private static String ok(String query) throws IOException, InterruptedException {
        HttpResponse<String> response = get(query);
        assertEquals(200, response.statusCode(), response.body());
        return response.body();
    }

    private static String refused(String query) throws IOException, InterruptedException {
        HttpResponse<String> response = get(query);
        assertEquals(400, response.statusCode(), response.body());
        return response.body();
    }

    @Test
    void shouldServeTheDefaultsWhenOnlyTheQuestionIsGiven() throws Exception {
        assertEquals(
                "gitlab k=10 HYBRID gate=true explain=false window=- bm25Weight=- fusion=- alpha=- rrfK=-",
                ok("q=gitlab"));
    }

    @Test
    void shouldReadEveryDiagnosticWhenSet() throws Exception {
        assertEquals(
                "ＴＳＤＢ k=100 BM25 gate=false explain=true window=100 bm25Weight=0.5 fusion=CONVEX alpha=0.3 rrfK=60"
                        .replace("ＴＳＤＢ", "TSDB"),
                ok("q=%EF%BC%B4%EF%BC%B3%EF%BC%A4%EF%BC%A2&k=100&arms=bm25&gate=false&explain=true&window=100"
                        + "&bm25Weight=0.5&fusion=convex&alpha=0.3&rrfK=60"));
    }

    @Test
    void shouldTreatABlankParameterAsAbsentWhenGiven() throws Exception {
        assertEquals(
                "x k=10 HYBRID gate=true explain=false window=- bm25Weight=- fusion=- alpha=- rrfK=-",
                ok("q=x&k=&window=%20&bm25Weight=&fusion=&arms="));
        assertEquals("x k=7 HYBRID", ok("q=x&k=%207%20").substring(0, "x k=7 HYBRID".length()));
    }

    @Test
    void shouldRefuseAKOutsideItsLimitsWhenAsked() throws Exception {
        assertEquals("k must be between 1 and 100", refused("q=x&k=0"));
        assertEquals("k must be between 1 and 100", refused("q=x&k=101"));
        assertEquals("k must be a whole number", refused("q=x&k=ten"));
    }

    @Test
    void shouldRefuseAMalformedDiagnosticWhenAsked() throws Exception {
        assertEquals("bm25Weight must not be negative", refused("q=x&bm25Weight=-1"));
        assertEquals("alpha must be a number", refused("q=x&alpha=half"));
        assertEquals("alpha must not be negative", refused("q=x&alpha=NaN"));
        assertEquals("arms must be hybrid, bm25 or vector", refused("q=x&arms=both"));
        assertEquals("fusion must be evidence, rrf or convex", refused("q=x&fusion=max"));
        assertEquals("rrfK must be between 1 and 1000", refused("q=x&rrfK=0"));
        assertEquals("window must be between 1 and 500", refused("q=x&window=501"));
        assertEquals("'q' is required", refused("k=3"));
    }

    @Test
    void shouldKeepTheOptionsEmptyWhenServed() {
        assertEquals(Optional.empty(), SearchOptions.SERVED.window());
        assertEquals(SearchOptions.Arms.HYBRID, SearchOptions.SERVED.arms());
    }
}

package kb.local;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.javalin.Javalin;
import java.io.IOException;
import java.net.BindException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.StandardSocketOptions;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.channels.ServerSocketChannel;
import java.time.Duration;
import kb.infra.StartRefused;
import kb.query.http.QueryApp;
import org.junit.jupiter.api.Test;

/**
 * The holding server's answers, its hand-over to a Jetty (Javalin) app accepting on the same socket with no
 * connection refused, and that the port stays its own: a second listener is refused before and after the hand-over.
 */
class HoldingServerTest {

    private static final String HOST = "127.0.0.1";

    private final HttpClient http =
            HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();

    private HttpResponse<String> get(int port, String path) throws IOException, InterruptedException {
        return http.send(
                HttpRequest.newBuilder(URI.create("http://" + HOST + ":" + port + path))
                        .timeout(Duration.ofSeconds(5))
                        .build(),
                HttpResponse.BodyHandlers.ofString());
    }

    @Test
    void shouldAnswerLiveAndStartingWhenHoldingThePort() throws Exception {
        try (HoldingServer holding = HoldingServer.open(HOST, 0)) {
            HttpResponse<String> live = get(holding.port(), "/health/live");
            assertEquals(200, live.statusCode());
            assertEquals("{\"status\":\"UP\"}", live.body());
            HttpResponse<String> ready = get(holding.port(), "/health/ready?verbose=1");
            assertEquals(503, ready.statusCode());
            assertEquals("{\"status\":\"STARTING\"}", ready.body());
            assertEquals(503, get(holding.port(), "/health").statusCode());
            HttpResponse<String> search = get(holding.port(), "/api/v1/search?q=x");
            assertEquals(503, search.statusCode());
            assertTrue(search.body().contains("\"error\":\"starting\""), search.body());
            assertEquals("5", search.headers().firstValue("Retry-After").orElse(""));
            HttpResponse<String> upload = http.send(
                    HttpRequest.newBuilder(URI.create("http://" + HOST + ":" + holding.port() + "/api/v1/documents"))
                            .POST(HttpRequest.BodyPublishers.ofString("x".repeat(10_000)))
                            .timeout(Duration.ofSeconds(5))
                            .build(),
                    HttpResponse.BodyHandlers.ofString());
            assertEquals(503, upload.statusCode(), "a request with a body is answered too");
        }
    }

    @Test
    void shouldRefuseASecondListenerWhenThePortIsHeldOrHandedOver() throws Exception {
        Javalin app = Javalin.create(config -> config.showJavalinBanner = false);
        try (HoldingServer holding = HoldingServer.open(HOST, 0)) {
            int port = holding.port();
            assertThrows(
                    BindException.class, () -> HoldingServer.open(HOST, port).close());
            assertThrows(StartRefused.class, () -> StartupChecks.apiPort(HOST, port));
            assertThrows(IOException.class, () -> bindWithReusePort(port), "no SO_REUSEPORT: nobody joins the port");

            QueryApp.listenOn(app, holding.channel());
            app.start();
            holding.apiAccepts();
            assertThrows(
                    BindException.class, () -> HoldingServer.open(HOST, port).close());
            assertThrows(StartRefused.class, () -> StartupChecks.apiPort(HOST, port));
            assertThrows(IOException.class, () -> bindWithReusePort(port));
            app.stop();
            try (ServerSocket free = new ServerSocket()) {
                free.setReuseAddress(true);
                free.bind(new InetSocketAddress(InetAddress.getByName(HOST), port));
            }
        } finally {
            app.stop();
        }
    }

    /** A listener that asks to share the port (as a second kb would if kb up's sockets used SO_REUSEPORT). */
    private static void bindWithReusePort(int port) throws IOException {
        try (ServerSocketChannel channel = ServerSocketChannel.open()) {
            if (channel.supportedOptions().contains(StandardSocketOptions.SO_REUSEPORT)) {
                channel.setOption(StandardSocketOptions.SO_REUSEPORT, true);
            }
            channel.bind(new InetSocketAddress(InetAddress.getByName(HOST), port));
        }
    }

    @Test
    void shouldRefuseNoConnectionWhenTheAppTakesThePortOver() throws Exception {
        Javalin app = Javalin.create(config -> config.showJavalinBanner = false);
        app.get("/health/live", ctx -> ctx.result("{\"status\":\"UP\"}"));
        try (HoldingServer holding = HoldingServer.open(HOST, 0);
                HandoverProbe probe = HandoverProbe.start(holding.port())) {
            assertTrue(probe.awaitHoldingAnswer(Duration.ofSeconds(30)), "the holding server answered no probe");
            QueryApp.listenOn(app, holding.channel());
            app.start();
            holding.apiAccepts();
            assertEquals(holding.port(), app.port());
            HandoverProbe.Result probed = probe.resultAfterOneMoreAnswer(Duration.ofSeconds(30));
            System.out.printf("[holding] hand-over to Javalin: %s%n", probed);
            assertEquals(0, probed.refused(), probed.toString());
            assertEquals(0, probed.unanswered(), probed.toString());
            assertTrue(probed.byApi() > 0, probed.toString());
            assertEquals(200, get(holding.port(), "/health/live").statusCode());
        } finally {
            app.stop();
        }
    }
}

package kb.local;

import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.IntSupplier;
import kb.infra.ElasticsearchLaunch;
import kb.infra.EmbeddedElasticsearch;
import kb.infra.FreePorts;
import kb.infra.Infrastructure;
import kb.testkit.TempTrees;
import org.junit.jupiter.api.Test;

/**
 * The HTTP port picked for Elasticsearch and taken by another process before Elasticsearch binds it (a real socket
 * holds it): Elasticsearch fails with {@code BindHttpException}, and is started again on another port instead of
 * failing {@code kb}'s start (1 start in about 16 did).
 */
class ElasticsearchPortTakenTest {

    @Test
    void shouldStartElasticsearchOnAnotherPortWhenThePickedOneIsTakenBeforeItBinds() throws Exception {
        Path root = Files.createTempDirectory("kb-it-es-port-");
        try (ServerSocket taken = new ServerSocket(0, 50, InetAddress.getLoopbackAddress())) {
            AtomicInteger calls = new AtomicInteger();
            IntSupplier ports = () -> calls.getAndIncrement() == 0 ? taken.getLocalPort() : FreePorts.pick();
            try (EmbeddedElasticsearch es =
                    EmbeddedElasticsearch.start(ElasticsearchLaunch.of(Infrastructure.distributionZip(), root, "512m")
                            .withPorts(ports))) {
                assertNotEquals("http://127.0.0.1:" + taken.getLocalPort(), es.url());
                assertTrue(calls.get() >= 2, "another port was tried");
            }
        } finally {
            TempTrees.delete(root);
        }
    }
}

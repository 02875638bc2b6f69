package kb.local;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import kb.infra.FreePorts;

/**
 * Debian's nginx as the gateway in front of the API, serving it under a path prefix the way docs/operations.md
 * tells an operator to ({@code location /kb/ { proxy_pass http://127.0.0.1:PORT/; proxy_set_header
 * X-Forwarded-Prefix /kb; ... }}). It runs as this test's own process, in the foreground, with a configuration,
 * logs and temporary files of its own in a folder the test gives it: never the system's service. A test first
 * calls {@code MissingTool.assumeInstalled(Tool.NGINX)}.
 */
final class NginxGateway implements AutoCloseable {

    private static final Path NGINX = Path.of("/usr/sbin/nginx");
    private static final Duration START = Duration.ofSeconds(20);
    private static final int ATTEMPTS = 3;

    private final Process process;
    private final int port;
    private final Path folder;

    private NginxGateway(Process process, int port, Path folder) {
        this.process = process;
        this.port = port;
        this.folder = folder;
    }

    /**
     * nginx on a free loopback port, proxying {@code prefix + "/"} to {@code upstreamPort}'s root; on new ports when
     * the one picked was taken before nginx bound it.
     */
    static NginxGateway start(Path folder, String prefix, int upstreamPort) throws Exception {
        // Workers run as nobody when the test runs as root: they must reach their temporary folders.
        Files.setPosixFilePermissions(folder, PosixFilePermissions.fromString("rwxr-xr-x"));
        IllegalStateException failure = null;
        for (int attempt = 1; attempt <= ATTEMPTS; attempt++) {
            int port = FreePorts.pick();
            Path config = folder.resolve("nginx.conf");
            Files.writeString(config, config(folder, port, prefix, upstreamPort), StandardCharsets.UTF_8);
            Process process = new ProcessBuilder(
                            NGINX.toString(),
                            "-p",
                            folder.toString(),
                            "-c",
                            config.toString(),
                            "-e",
                            folder.resolve("error.log").toString(),
                            "-g",
                            "daemon off;")
                    .redirectErrorStream(true)
                    .redirectOutput(folder.resolve("nginx.out").toFile())
                    .start();
            NginxGateway gateway = new NginxGateway(process, port, folder);
            if (gateway.awaitListening()) {
                return gateway;
            }
            gateway.close();
            failure = new IllegalStateException("nginx did not start on port " + port + ": " + gateway.errors());
        }
        throw failure;
    }

    /** The configuration a gateway serving kb under {@code prefix} needs, as docs/operations.md shows it. */
    static String config(Path folder, int port, String prefix, int upstreamPort) {
        return """
                worker_processes 1;
                pid %1$s/nginx.pid;
                events { worker_connections 64; }
                http {
                  access_log %1$s/access.log;
                  client_body_temp_path %1$s/client_body;
                  proxy_temp_path %1$s/proxy;
                  fastcgi_temp_path %1$s/fastcgi;
                  uwsgi_temp_path %1$s/uwsgi;
                  scgi_temp_path %1$s/scgi;
                  server {
                    listen 127.0.0.1:%2$d;
                    location %3$s/ {
                      proxy_pass http://127.0.0.1:%4$d/;
                      proxy_set_header X-Forwarded-Prefix %3$s;
                      proxy_http_version 1.1;
                      proxy_buffering off;
                    }
                  }
                }
                """
                .formatted(folder, port, prefix, upstreamPort);
    }

    int port() {
        return port;
    }

    /** The URL of {@code path} on the gateway, e.g. {@code http://127.0.0.1:41234/kb/}. */
    String url(String path) {
        return "http://127.0.0.1:" + port + path;
    }

    /** What nginx logged at error level or above (its error log), for a failure's message. */
    String errors() {
        try {
            Path log = folder.resolve("error.log");
            return Files.exists(log) ? Files.readString(log, StandardCharsets.UTF_8) : "(no error log)";
        } catch (IOException e) {
            return "(error log unreadable: " + e.getMessage() + ")";
        }
    }

    /** Every request the gateway served, one line each, in nginx's combined format. */
    String accessLog() throws IOException {
        Path log = folder.resolve("access.log");
        return Files.exists(log) ? Files.readString(log, StandardCharsets.UTF_8) : "";
    }

    private boolean awaitListening() throws InterruptedException {
        long deadline = System.nanoTime() + START.toNanos();
        while (System.nanoTime() < deadline && process.isAlive()) {
            try (Socket socket = new Socket()) {
                socket.connect(new InetSocketAddress("127.0.0.1", port), 500);
                return true;
            } catch (IOException notYet) {
                Thread.onSpinWait();
                process.waitFor(50, TimeUnit.MILLISECONDS);
            }
        }
        return false;
    }

    /** SIGTERM is nginx's fast shutdown; the master takes its worker with it. */
    @Override
    public void close() throws InterruptedException {
        process.destroy();
        if (!process.waitFor(10, TimeUnit.SECONDS)) {
            process.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
        }
    }
}

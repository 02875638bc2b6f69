package kb.testkit;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.URI;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * A TCP proxy in front of a real server that can be frozen: while frozen it accepts connections and reads
 * requests but passes no byte on in either direction, as a server stopped with SIGSTOP behaves (the kernel
 * still accepts, nothing answers). Thawing resumes every held connection. Real HTTP end to end, and the
 * shared Elasticsearch other tests use is never stopped.
 */
public final class FreezableProxy implements AutoCloseable {

    private final ServerSocket server;
    private final InetSocketAddress target;
    private final List<Socket> sockets = new CopyOnWriteArrayList<>();
    private final Object gate = new Object();
    private volatile boolean frozen;
    private volatile boolean closed;

    public FreezableProxy(String targetUrl) throws IOException {
        URI uri = URI.create(targetUrl);
        this.target = new InetSocketAddress(uri.getHost(), uri.getPort());
        this.server = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
        Thread acceptor = new Thread(this::acceptLoop, "kb-it-proxy-accept");
        acceptor.setDaemon(true);
        acceptor.start();
    }

    public String url() {
        return "http://127.0.0.1:" + server.getLocalPort();
    }

    public void freeze() {
        frozen = true;
    }

    public void thaw() {
        synchronized (gate) {
            frozen = false;
            gate.notifyAll();
        }
    }

    private void acceptLoop() {
        while (!closed) {
            try {
                Socket client = server.accept();
                sockets.add(client);
                Thread connector = new Thread(() -> connect(client), "kb-it-proxy-conn");
                connector.setDaemon(true);
                connector.start();
            } catch (IOException e) {
                return;
            }
        }
    }

    private void connect(Socket client) {
        try {
            awaitThawed();
            Socket upstream = new Socket(target.getAddress(), target.getPort());
            sockets.add(upstream);
            pump(client.getInputStream(), upstream.getOutputStream());
            pump(upstream.getInputStream(), client.getOutputStream());
        } catch (IOException | InterruptedException e) {
            closeQuietly(client);
        }
    }

    private void pump(InputStream in, OutputStream out) {
        Thread thread = new Thread(
                () -> {
                    byte[] buffer = new byte[16 * 1024];
                    try {
                        for (int n = in.read(buffer); n >= 0; n = in.read(buffer)) {
                            awaitThawed();
                            out.write(buffer, 0, n);
                            out.flush();
                        }
                    } catch (IOException | InterruptedException e) {
                        // the other side went away
                    } finally {
                        closeQuietly(in);
                        closeQuietly(out);
                    }
                },
                "kb-it-proxy-pump");
        thread.setDaemon(true);
        thread.start();
    }

    private void awaitThawed() throws InterruptedException {
        synchronized (gate) {
            while (frozen && !closed) {
                gate.wait();
            }
        }
    }

    private static void closeQuietly(AutoCloseable closeable) {
        try {
            closeable.close();
        } catch (Exception e) {
            // already closed
        }
    }

    @Override
    public void close() {
        closed = true;
        thaw();
        closeQuietly(server);
        sockets.forEach(FreezableProxy::closeQuietly);
    }
}

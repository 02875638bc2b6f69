package kb.infra;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.BindException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.util.LinkedHashSet;
import java.util.Set;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.IntSupplier;

/** A port nobody listens on right now, for services whose port the user did not choose. */
public final class FreePorts {

    /** How many times a service starts on new ports when one it was given was taken before it bound it. */
    static final int ATTEMPTS = 3;

    /** How many of the ports handed out last are not handed out again. */
    private static final int RECENT_KEPT = 64;

    private static final Set<Integer> RECENT = new LinkedHashSet<>();

    private FreePorts() {}

    /** A bind that failed because the port was taken, anywhere in the cause chain (Kafka wraps it). */
    static boolean isBindFailure(Throwable failure) {
        for (Throwable cause = failure; cause != null; cause = cause.getCause()) {
            String message = String.valueOf(cause.getMessage());
            if (cause instanceof BindException || message.contains("Address already in use")) {
                return true;
            }
        }
        return false;
    }

    /** {@code port} first, then a free one each time: a port picked ahead of its use, and what to try when taken. */
    static IntSupplier first(int port) {
        AtomicBoolean given = new AtomicBoolean();
        return () -> given.compareAndSet(false, true) ? port : pick();
    }

    /**
     * A free port not handed out lately by this JVM: the OS may offer a port it just gave again once its probe socket
     * is closed, and two of one start's services (the broker's two listeners, Elasticsearch's port picked ahead) must
     * not get the same one before either binds it.
     */
    public static int pick() {
        synchronized (RECENT) {
            for (int attempt = 0; ; attempt++) {
                int port = probe();
                if (RECENT.add(port) || attempt >= RECENT_KEPT) {
                    if (RECENT.size() > RECENT_KEPT) {
                        RECENT.remove(RECENT.iterator().next());
                    }
                    return port;
                }
            }
        }
    }

    private static int probe() {
        try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            socket.setReuseAddress(true);
            return socket.getLocalPort();
        } catch (IOException e) {
            throw new UncheckedIOException("no free port", e);
        }
    }
}

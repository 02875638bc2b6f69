package kb.core;

import java.util.concurrent.CountDownLatch;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** How a service's main waits: until SIGTERM / Ctrl-C, then it closes what it started, in order. */
public final class Shutdown {

    private static final Logger LOG = LoggerFactory.getLogger(Shutdown.class);

    private Shutdown() {}

    /** Blocks until the JVM is asked to stop, closing each resource (in the given order) on the way out. */
    public static void awaitThenClose(String name, AutoCloseable... resources) throws InterruptedException {
        CountDownLatch stopped = new CountDownLatch(1);
        Runtime.getRuntime()
                .addShutdownHook(new Thread(
                        () -> {
                            for (AutoCloseable resource : resources) {
                                try {
                                    resource.close();
                                } catch (Exception e) {
                                    LOG.warn(
                                            "[{}] error while stopping {}",
                                            name,
                                            resource.getClass().getSimpleName(),
                                            e);
                                }
                            }
                            stopped.countDown();
                        },
                        name + "-shutdown"));
        stopped.await();
    }
}

package kb.core.runtime;

import java.util.concurrent.ThreadFactory;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Every thread the pipeline starts is named for what it does (a thread dump or a log line then tells which part
 * is busy), and is a daemon when nothing must wait for it at exit: work that must finish is closed explicitly.
 */
public final class Threads {

    private Threads() {}

    /** A daemon thread, not started. */
    public static Thread daemon(String name, Runnable task) {
        Thread thread = new Thread(task, name);
        thread.setDaemon(true);
        return thread;
    }

    /** A thread that keeps the JVM alive until it ends (its owner's close ends it), not started. */
    public static Thread worker(String name, Runnable task) {
        return new Thread(task, name);
    }

    /** An executor's one daemon thread. */
    public static ThreadFactory daemonFactory(String name) {
        return task -> daemon(name, task);
    }

    /** An executor's one thread that keeps the JVM alive until the executor is shut down. */
    public static ThreadFactory workerFactory(String name) {
        return task -> worker(name, task);
    }

    /** A pool's daemon threads, numbered from 1: {@code name-1}, {@code name-2}, ... */
    public static ThreadFactory numberedDaemons(String name) {
        AtomicInteger count = new AtomicInteger();
        return task -> daemon(name + "-" + count.incrementAndGet(), task);
    }
}

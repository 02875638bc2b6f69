package kb.infra;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;

class StartedTogetherTest {

    /** A service that records whether it was closed. */
    private static final class Service implements AutoCloseable {
        final AtomicBoolean closed = new AtomicBoolean();

        @Override
        public void close() {
            closed.set(true);
        }
    }

    @Test
    void shouldStartBothAtTheSameTimeWhenNeitherFails() throws Exception {
        CountDownLatch bothRunning = new CountDownLatch(2);
        Service first = new Service();
        Service second = new Service();

        StartedTogether.Both<Service, Service> both = StartedTogether.start(
                () -> meet(bothRunning, first), () -> meet(bothRunning, second), "first", "second");

        assertSame(first, both.first());
        assertSame(second, both.second());
        assertTrue(!first.closed.get() && !second.closed.get());
    }

    @Test
    void shouldInterruptTheSecondsStartWhenTheFirstFails() throws Exception {
        CountDownLatch secondStarting = new CountDownLatch(1);
        AtomicBoolean interrupted = new AtomicBoolean();
        IOException failure = new IOException("first refused");

        IOException thrown = assertThrows(
                IOException.class,
                () -> StartedTogether.start(
                        () -> {
                            secondStarting.await(10, TimeUnit.SECONDS);
                            throw failure;
                        },
                        () -> {
                            secondStarting.countDown();
                            try {
                                Thread.sleep(60_000);
                            } catch (InterruptedException e) {
                                interrupted.set(true);
                                throw e;
                            }
                            return new Service();
                        },
                        "first",
                        "second"));

        assertSame(failure, thrown);
        assertTrue(interrupted.get(), "the second's start was interrupted and had ended before the throw");
    }

    @Test
    void shouldCloseTheSecondWhenItStartedBeforeTheFirstFailed() throws Exception {
        Service second = new Service();
        CountDownLatch secondStarted = new CountDownLatch(1);

        assertThrows(
                IllegalStateException.class,
                () -> StartedTogether.start(
                        () -> {
                            secondStarted.await(10, TimeUnit.SECONDS);
                            throw new IllegalStateException("first refused");
                        },
                        () -> {
                            secondStarted.countDown();
                            return second;
                        },
                        "first",
                        "second"));

        assertTrue(second.closed.get());
    }

    @Test
    void shouldCloseTheFirstAndThrowTheSecondsFailureWhenTheSecondFails() throws Exception {
        Service first = new Service();

        IOException thrown = assertThrows(
                IOException.class,
                () -> StartedTogether.<Service, Service>start(
                        () -> first,
                        () -> {
                            throw new IOException("second refused");
                        },
                        "first",
                        "second"));

        assertEquals("second refused", thrown.getMessage());
        assertTrue(first.closed.get());
    }

    @Test
    void shouldRunTheWorkBesideTheSecondsStartWhenTheFirstHasStarted() throws Exception {
        CountDownLatch meanwhileRan = new CountDownLatch(1);
        Service first = new Service();
        Service[] given = new Service[1];

        StartedTogether.start(
                () -> first,
                () -> {
                    // Returns only once the work ran: a start that waited for the second first would wait in vain.
                    if (!meanwhileRan.await(10, TimeUnit.SECONDS)) {
                        throw new IllegalStateException("the work did not run while the second started");
                    }
                    return new Service();
                },
                "first",
                "second",
                started -> {
                    given[0] = started;
                    meanwhileRan.countDown();
                });

        assertSame(first, given[0]);
    }

    @Test
    void shouldStopTheSecondAndCloseTheFirstWhenTheWorkBesideFails() throws Exception {
        Service first = new Service();
        AtomicBoolean interrupted = new AtomicBoolean();

        IllegalStateException thrown = assertThrows(
                IllegalStateException.class,
                () -> StartedTogether.start(
                        () -> first,
                        () -> {
                            try {
                                Thread.sleep(60_000);
                            } catch (InterruptedException e) {
                                interrupted.set(true);
                                throw e;
                            }
                            return new Service();
                        },
                        "first",
                        "second",
                        started -> {
                            throw new IllegalStateException("the chunker did not start");
                        }));

        assertEquals("the chunker did not start", thrown.getMessage());
        assertTrue(interrupted.get(), "the second's start was interrupted and had ended before the throw");
        assertTrue(first.closed.get());
    }

    private static Service meet(CountDownLatch both, Service service) throws InterruptedException {
        both.countDown();
        // Returns only once the other is running too: a start one after the other would wait here in vain.
        if (!both.await(10, TimeUnit.SECONDS)) {
            throw new IllegalStateException("the other did not start meanwhile");
        }
        return service;
    }
}

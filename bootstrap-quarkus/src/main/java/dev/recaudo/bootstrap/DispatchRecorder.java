package dev.recaudo.bootstrap;

import jakarta.annotation.PreDestroy;
import jakarta.inject.Inject;
import jakarta.inject.Singleton;
import java.time.Duration;
import java.util.concurrent.Executor;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The threads on which the dispatchers record the outcome of each webhook and callback attempt, in a
 * transaction of its own, as it arrives: never on the HTTP client's event loop, which must not block,
 * nor on the scheduler's thread, which claims. Their queue holds at most the attempts in flight, which
 * the dispatchers bound. At shutdown the outcomes already arrived are recorded, for a few seconds at
 * most; what is left then (the database gone first, say) is dropped: those deliveries come back when
 * their leases run out, and those callbacks end unknown, as after a crash.
 */
@Singleton
public class DispatchRecorder implements Executor {

    /** How long shutting down waits for the outcomes already arrived to be recorded. */
    static final Duration DRAIN_TIME_MAX = Duration.ofSeconds(10);

    private final ExecutorService threads;

    @Inject
    DispatchRecorder(RecaudoConfig config) {
        this(config.webhooks().recordingThreads());
    }

    DispatchRecorder(int size) {
        AtomicInteger named = new AtomicInteger();
        this.threads = new ThreadPoolExecutor(size, size, 0, TimeUnit.MILLISECONDS, new LinkedBlockingQueue<>(), work -> {
            Thread thread = new Thread(work, "recaudo-dispatch-recorder-" + named.incrementAndGet());
            thread.setDaemon(true);
            return thread;
        });
    }

    @Override
    public void execute(Runnable recording) {
        threads.execute(recording);
    }

    @PreDestroy
    void stop() {
        threads.shutdown();
        try {
            if (!threads.awaitTermination(DRAIN_TIME_MAX.toMillis(), TimeUnit.MILLISECONDS)) {
                threads.shutdownNow();
            }
        } catch (InterruptedException e) {
            threads.shutdownNow();
            Thread.currentThread().interrupt();
        }
    }
}

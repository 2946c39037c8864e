package dev.recaudo.bootstrap;

import jakarta.annotation.PreDestroy;
import jakarta.inject.Singleton;
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
 * the dispatchers bound. At shutdown, what is still queued is dropped: those deliveries come back when
 * their leases run out, and those callbacks end unknown, as after a crash.
 */
@Singleton
public class DispatchRecorder implements Executor {

    private final ExecutorService threads;

    DispatchRecorder(RecaudoConfig config) {
        int size = config.webhooks().recordingThreads();
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
        threads.shutdownNow();
    }
}

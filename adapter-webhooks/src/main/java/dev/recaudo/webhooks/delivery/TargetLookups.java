package dev.recaudo.webhooks.delivery;

import io.vertx.core.Future;
import io.vertx.core.Promise;
import io.vertx.core.Vertx;
import java.util.concurrent.Callable;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.SynchronousQueue;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The threads on which the sender resolves and checks targets: the system resolver blocks, and a
 * receiver's name server may answer slowly or never, so lookups run on threads of their own, not on
 * Quarkus's shared worker pool, where one company's slow name would hold threads every request
 * needs. Each lookup gets a thread at once or none (no queue, so no lookup waits behind a slow
 * one), and the attempt waits for it at most its deadline; a thread whose lookup outlived its
 * attempt stays with the resolver until the resolver gives up, then goes back to the pool.
 */
final class TargetLookups {

    /**
     * Lookups at once, at most: more than the attempts the dispatchers keep in flight by default
     * (50 per lane, live and test, for webhooks and for callbacks), so that a lookup finds a thread
     * even while a few outlive their attempts. Idle threads end after a while.
     */
    static final int THREADS_MAX = 256;
    private static final long IDLE_SECONDS = 30;

    /** A lookup that found no thread free: the attempt is not made. */
    static final class NoThreadFree extends Exception {
        NoThreadFree() {
            super("no target lookup thread is free (" + THREADS_MAX + " busy)", null, false, false);
        }
    }

    private final Vertx vertx;
    private final ThreadPoolExecutor threads;

    TargetLookups(Vertx vertx) {
        this.vertx = vertx;
        AtomicInteger named = new AtomicInteger();
        this.threads = new ThreadPoolExecutor(0, THREADS_MAX, IDLE_SECONDS, TimeUnit.SECONDS, new SynchronousQueue<>(), work -> {
            Thread thread = new Thread(work, "recaudo-target-lookup-" + named.incrementAndGet());
            thread.setDaemon(true);
            return thread;
        });
    }

    /**
     * The lookup's result, or a {@link java.util.concurrent.TimeoutException} once {@code deadlineMillis}
     * have passed, or a {@link NoThreadFree} at once.
     */
    <T> Future<T> run(Callable<T> lookup, long deadlineMillis) {
        Promise<T> looked = Promise.promise();
        try {
            threads.execute(() -> {
                try {
                    looked.tryComplete(lookup.call());
                } catch (Exception e) {
                    looked.tryFail(e);
                }
            });
        } catch (RejectedExecutionException e) {
            return Future.failedFuture(new NoThreadFree());
        }
        return Deadlines.within(vertx, looked.future(), deadlineMillis, late -> { });
    }

    void close() {
        threads.shutdownNow();
    }
}

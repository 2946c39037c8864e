package dev.recaudo.battery;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.function.IntFunction;

/** Runs {@code n} tasks on {@code n} threads released at the same moment, for races. */
public final class Together {

    private static final long BARRIER_TIMEOUT_SECONDS = 60;

    private Together() {}

    /**
     * Runs {@code task.apply(i)} for i in 0..n-1, each on its own thread, all released together by a
     * barrier once every thread is ready; returns the results in order, rethrowing the first failure.
     */
    public static <T> List<T> run(int n, IntFunction<Callable<T>> task) throws Exception {
        CyclicBarrier start = new CyclicBarrier(n);
        ExecutorService threads = Executors.newFixedThreadPool(n);
        try {
            List<Future<T>> futures = new ArrayList<>();
            for (int i = 0; i < n; i++) {
                Callable<T> work = task.apply(i);
                futures.add(threads.submit(() -> {
                    start.await(BARRIER_TIMEOUT_SECONDS, TimeUnit.SECONDS);
                    return work.call();
                }));
            }
            List<T> results = new ArrayList<>();
            for (Future<T> future : futures) {
                results.add(future.get());
            }
            return results;
        } finally {
            threads.shutdownNow();
        }
    }
}

package dev.recaudo.e2e.support;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/** Runs a test's requests at the same time and collects their answers in order. */
public final class Parallel {

    private Parallel() {}

    public static <T> List<T> run(int threads, List<Callable<T>> work) throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(threads);
        try {
            List<T> results = new ArrayList<>();
            for (Future<T> result : pool.invokeAll(work)) {
                results.add(result.get());
            }
            return results;
        } finally {
            pool.shutdown();
        }
    }
}

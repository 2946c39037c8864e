package dev.recaudo.battery;

import java.time.Duration;
import java.util.concurrent.Callable;
import java.util.concurrent.TimeUnit;

/** Waits for a condition the service reaches in the background, asking again every 200 ms. */
public final class Eventually {

    private Eventually() {}

    /** Returns once {@code condition} is true; an {@link AssertionError} naming {@code what} after {@code timeout}. */
    public static void await(String what, Duration timeout, Callable<Boolean> condition) throws Exception {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (!condition.call()) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError(what + " did not happen in " + timeout);
            }
            TimeUnit.MILLISECONDS.sleep(200);
        }
    }

    /** Returns once {@code condition} is true or {@code timeout} has passed, whichever comes first; the caller checks what arrived. */
    public static void awaitQuietly(Duration timeout, Callable<Boolean> condition) throws Exception {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (!condition.call() && System.nanoTime() < deadline) {
            TimeUnit.MILLISECONDS.sleep(200);
        }
    }
}

package dev.recaudo.e2e.support;

/** Helps rate-limit tests run inside one fixed window instead of straddling two. */
public final class Windows {

    private Windows() {}

    /** Returns at once when at least 15 seconds of the current minute remain, else waits for the next one. */
    public static void awaitFreshMinute() throws InterruptedException {
        long millisIntoMinute = System.currentTimeMillis() % 60_000;
        if (millisIntoMinute > 45_000) {
            Thread.sleep(60_000 - millisIntoMinute + 200);
        }
    }
}

package dev.recaudo.e2e.support;

import java.util.HashMap;
import java.util.Map;

/**
 * The second the tests' clients sign a write at. The service accepts a signature once: the same body
 * sent to the same path by the same key under another {@code Idempotency-Key} in the same second
 * carries the same signature and is refused as a replay. A partner's client that sends such a
 * request again signs it in a later second, and so do these clients: they wait for the next second
 * rather than send a signature already sent under another key. A retry under the same key keeps it.
 */
public final class SignatureClock {

    private static final Object LOCK = new Object();
    private static long second;
    /** The signatures given out in {@link #second}, each with the idempotency key it went with. */
    private static final Map<String, String> ISSUED = new HashMap<>();

    private SignatureClock() {}

    /** The timestamp to sign this write with: now, or the next second if now's signature went out under another key. */
    public static String timestamp(String apiKey, String method, String path, String body, String idempotencyKey) {
        while (true) {
            long now = System.currentTimeMillis() / 1000;
            String timestamp = Long.toString(now);
            synchronized (LOCK) {
                if (now != second) {
                    ISSUED.clear();
                    second = now;
                }
                String sentWith = ISSUED.putIfAbsent(Signer.sign(apiKey, timestamp, method, path, body), idempotencyKey);
                if (sentWith == null || sentWith.equals(idempotencyKey)) {
                    return timestamp;
                }
            }
            try {
                Thread.sleep(Math.max(1, (now + 1) * 1000 - System.currentTimeMillis() + 1));
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException(e);
            }
        }
    }
}

import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.BooleanSupplier;

/**
 * The {@code webhook_drain} scenario (bench/README.md, "Webhook drain"): how fast the outbox empties
 * to a loopback receiver (a test-environment endpoint, as the bench's keys are test keys), against
 * how fast invoice creation fills it. The receiver (this process) refuses the first delivery, which
 * pauses the endpoint (the service runs with {@code RECAUDO_WEBHOOKS_PAUSE_AFTER_FAILURES=1} and a
 * pause longer than the creation phase); invoices are then created at full speed for the scenario's
 * seconds, each leaving one {@code invoice.created} delivery behind the pause; when the pause ends
 * the backlog drains with nothing else running. With a prewarm ({@code --prewarm-seconds}), invoices
 * are first created for that long while the endpoint takes every delivery, and all of them are
 * delivered before the endpoint is paused: the sending, the recording and the hand-over are then
 * compiled, as on a service that sends all day, rather than compiled during the measured drain.
 * Creation rate: invoices per second of the creation phase. Drain rate: deliveries per second from
 * the first accepted one to the last. Both phases have the machine to themselves.
 */
final class Drain {

    static final String SCENARIO = "webhook_drain";

    private final AtomicInteger accepted = new AtomicInteger();
    private final AtomicInteger refused = new AtomicInteger();
    /** The next delivery is answered 503, which pauses the endpoint. */
    private final AtomicBoolean refuseNext = new AtomicBoolean();
    private final AtomicLong firstAccepted = new AtomicLong();
    private final AtomicLong lastAccepted = new AtomicLong();

    /** Runs the scenario and answers its result line. */
    static String measure(Scenarios scenarios, String companyId, String adminToken, String invoiceKey, int seconds,
            int patienceSeconds) throws Exception {
        return new Drain().run(scenarios, companyId, adminToken, invoiceKey, seconds, patienceSeconds);
    }

    private String run(Scenarios scenarios, String companyId, String adminToken, String invoiceKey, int seconds,
            int patienceSeconds) throws Exception {
        ExecutorService threads = Executors.newFixedThreadPool(8);
        HttpServer receiver = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 256);
        receiver.setExecutor(threads);
        receiver.createContext("/", exchange -> {
            exchange.getRequestBody().readAllBytes();
            int status = refuseNext.compareAndSet(true, false) && refused.incrementAndGet() == 1 ? 503 : 204;
            if (status == 204) {
                long now = System.nanoTime();
                firstAccepted.compareAndSet(0, now);
                lastAccepted.accumulateAndGet(now, Math::max);
                accepted.incrementAndGet();
            }
            exchange.sendResponseHeaders(status, -1);
            exchange.close();
        });
        receiver.start();
        try {
            String url = "http://127.0.0.1:" + receiver.getAddress().getPort() + "/hooks";
            Bench.Http http = scenarios.load.http;
            http.expect(201, http.post("/companies/" + companyId + "/webhook-endpoints",
                    "{\"url\":\"" + url + "\",\"events\":[\"invoice.created\"],\"environment\":\"test\"}", Map.of("Authorization", "Bearer " + adminToken)));
            if (scenarios.prewarmSeconds > 0) {
                Scenarios.Measured warm = scenarios.timed(SCENARIO + ":prewarm", scenarios.prewarmSeconds, Integer.MAX_VALUE,
                        n -> http.createInvoice(invoiceKey, scenarios.run + "-drain-warm-" + n));
                int warmed = warm.sortedLatenciesNanos().length;
                awaitUntil(() -> accepted.get() >= warmed, patienceSeconds, "the prewarm's " + warmed + " deliveries");
                accepted.set(0);
                firstAccepted.set(0);
                lastAccepted.set(0);
            }
            // The next invoice's delivery is refused, which pauses the endpoint: the backlog waits behind it.
            refuseNext.set(true);
            http.createInvoice(invoiceKey, scenarios.run + "-drain-first").check();
            awaitUntil(() -> refused.get() > 0, Math.min(patienceSeconds, 60), "the first delivery");
            Scenarios.Measured created = scenarios.timed(SCENARIO + ":create", seconds, Integer.MAX_VALUE,
                    n -> http.createInvoice(invoiceKey, scenarios.run + "-drain-" + n));
            int backlog = created.sortedLatenciesNanos().length + 1;
            // Before the pause ends (DRAIN_PAUSE_SECONDS, longer than the creation): the claims are planned for the backlog.
            scenarios.analyze();
            awaitUntil(() -> accepted.get() >= backlog, patienceSeconds, backlog + " deliveries");
            double creationRate = (backlog - 1) / created.seconds();
            double drainSeconds = (lastAccepted.get() - firstAccepted.get()) / 1e9;
            double drainRate = (accepted.get() - 1) / drainSeconds;
            return String.format(Locale.ROOT, "result op=" + SCENARIO + " created=%d creation_rps=%.2f delivered=%d drain_seconds=%.3f"
                    + " drain_rps=%.2f drain_over_creation=%.2f", backlog, creationRate, accepted.get(), drainSeconds, drainRate,
                    drainRate / creationRate);
        } finally {
            receiver.stop(0);
            threads.shutdownNow();
        }
    }

    private static void awaitUntil(BooleanSupplier done, int patienceSeconds, String what)
            throws InterruptedException {
        long deadline = System.nanoTime() + patienceSeconds * 1_000_000_000L;
        while (!done.getAsBoolean()) {
            if (System.nanoTime() > deadline) {
                throw new IllegalStateException("webhook_drain: " + what + " did not arrive within " + patienceSeconds + " s");
            }
            Thread.sleep(20);
        }
    }
}

package dev.recaudo.battery;

import static org.assertj.core.api.Assertions.assertThat;

import dev.recaudo.battery.BatteryClient.Answer;
import dev.recaudo.battery.BatteryClient.Call;
import dev.recaudo.e2e.support.Partner;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;

/**
 * Issue 12, the bank test: verified payments of one to three documents each from many threads
 * through both instances, a fifth of them repeating an earlier {@code externalPaymentId} under a
 * fresh key, while the database is stopped hard and restarted and one instance is killed with
 * {@code kill -9} and restarted. Sizes: {@code -Dbattery.bank.payments} (CI: the 2,000), {@code -Dbattery.bank.threads} (16), {@code -Dbattery.bank.documents} (50),
 * {@code -Dbattery.bank.outage-seconds} (3, how long the database stays down) and
 * {@code -Dbattery.bank.grace-seconds} (10, how long after the restart errors still count as the outage's).
 */
@Slow(part = 2)
class BankCrashIT {

    private static final int PAYMENTS = Battery.size("battery.bank.payments", 2000);
    private static final int THREADS = Battery.size("battery.bank.threads", 16);
    private static final int DOCUMENTS = Battery.size("battery.bank.documents", 50);
    private static final int OUTAGE_SECONDS = Battery.size("battery.bank.outage-seconds", 3);
    private static final int GRACE_SECONDS = Battery.size("battery.bank.grace-seconds", 10);
    private static final long DOCUMENT_MINOR = 100_000_000;
    private static final Duration SETTLE_DEADLINE = Duration.ofMinutes(3);
    private static final long RETRY_PAUSE_MILLIS = 500;

    /** A payment as sent: its externalPaymentId, its body's documents with amounts, and its first answer's paymentId. */
    private record Sent(String externalPaymentId, long amountMinor, Object[] documents, String paymentId) {}

    /** A call's final answer and how many requests it took (retries after a 5xx and failovers included). */
    private record Settled(Answer answer, int requests) {

        String status() {
            return answer.status() == 200 ? answer.json().getString("status") : "";
        }
    }

    private final Outages outages = new Outages(Duration.ofSeconds(GRACE_SECONDS));
    private final AtomicInteger requests = new AtomicInteger();
    private final AtomicInteger failovers = new AtomicInteger();
    private final AtomicInteger completed = new AtomicInteger();
    private final AtomicInteger replays = new AtomicInteger();
    private final List<Sent> acknowledged = new CopyOnWriteArrayList<>();
    private final Map<String, String> wrongAnswers = new ConcurrentHashMap<>();

    @Test
    void givenPaymentsFromManyThreads_whenTheDatabaseStopsHardAndAnInstanceIsKilled_thenNothingAcknowledgedIsLostAndTheLedgerHolds()
            throws Exception {
        try (ThrowawayCluster cluster = ThrowawayCluster.create(); Battery battery = Battery.on(cluster, Map.of())) {
            IntegrationsPartner partner = battery.company().integrationsPartner();
            List<String> documents = new ArrayList<>();
            for (int i = 0; i < DOCUMENTS; i++) {
                documents.add("BANK-DOC-" + i);
                partner.createDocument(documents.get(i), "C-1", "USD", DOCUMENT_MINOR);
            }

            ExecutorService threads = Executors.newFixedThreadPool(THREADS + 1);
            List<String> faultLog = new CopyOnWriteArrayList<>();
            Future<?> faults = threads.submit(() -> injectFaults(cluster, battery, faultLog));
            AtomicInteger next = new AtomicInteger();
            List<Future<?>> payers = new ArrayList<>();
            for (int t = 0; t < THREADS; t++) {
                payers.add(threads.submit(() -> {
                    for (int i = next.getAndIncrement(); i < PAYMENTS; i = next.getAndIncrement()) {
                        pay(battery, partner, documents, i);
                        completed.incrementAndGet();
                    }
                    return null;
                }));
            }
            for (Future<?> payer : payers) {
                payer.get(15, TimeUnit.MINUTES);
            }
            faults.get(5, TimeUnit.MINUTES);
            threads.shutdownNow();

            System.out.printf("bank test: %d payments, %d acknowledged originals (%d of them replayed after a lost answer),"
                    + " %d requests, %d failovers, faults %s, server errors %s, the last answered %s%n", PAYMENTS,
                    acknowledged.size(), replays.get(), requests.get(), failovers.get(), faultLog, outages.classified(),
                    outages.lastAnswered());
            assertThat(wrongAnswers).as("answers other than applied / already_processed as expected").isEmpty();
            assertThat(outages.outsideWindows()).as("server errors outside the windows %s%n%s", outages.windows(),
                    battery.outputs()).isEmpty();
            assertThat(outages.errors()).as("inside a window, the database out of reach is told as 503 with Retry-After")
                    .allMatch(error -> error.answer().status() == 503 && "1".equals(error.answer().header("Retry-After")));
            Answer restarted = battery.client().sendTo(1, partner.get("/collection-documents/" + documents.get(0)));
            assertThat(restarted.status()).as("the restarted instance serves: %s", restarted).isEqualTo(200);
            assertAcknowledgedArePresent(battery.database(), partner);
            battery.assertInvariants();
        }
    }

    /** Stops the database hard once a fifth of the payments are done, kills instance 1 at half. */
    private Void injectFaults(ThrowawayCluster cluster, Battery battery, List<String> faultLog) throws Exception {
        awaitCompleted(PAYMENTS / 5);
        Instant stopped = outages.begin();
        cluster.stopImmediately();
        TimeUnit.SECONDS.sleep(OUTAGE_SECONDS);
        cluster.start();
        Instant restarted = Instant.now();
        outages.recovered("database", stopped, restarted);
        faultLog.add("database stopped " + stopped + ", restarted " + restarted + " (after " + completed.get() + ")");

        awaitCompleted(PAYMENTS / 2);
        Instant killed = Instant.now();
        int paidBeforeKill = completed.get();
        int status = battery.instance(1).kill9();
        battery.instance(1).restart();
        faultLog.add("instance 1 killed " + killed + " (status " + status + ", after " + paidBeforeKill + "), ready again "
                + Instant.now() + " (after " + completed.get() + ")");
        return null;
    }

    private void awaitCompleted(int count) throws InterruptedException {
        while (completed.get() < count) {
            TimeUnit.MILLISECONDS.sleep(10);
        }
    }

    /** Payment {@code i}: every fifth repeats an acknowledged one under a fresh key, the rest are new. */
    private void pay(Battery battery, IntegrationsPartner partner, List<String> documents, int i) throws Exception {
        Random random = new Random(i);
        if (i % 5 == 4 && !acknowledged.isEmpty()) {
            Sent original = acknowledged.get(random.nextInt(acknowledged.size()));
            String key = UUID.randomUUID().toString();
            Settled repeat = settle(battery, () -> partner.verifiedPayment(original.externalPaymentId(), "C-1",
                    original.amountMinor(), "USD", key, original.documents()));
            if (!"already_processed".equals(repeat.status()) || !original.paymentId().equals(repeat.answer().json().getString("paymentId"))) {
                wrongAnswers.put("repeat of " + original.externalPaymentId(), repeat.answer().toString());
            }
            return;
        }
        Object[] listed = Partner.someOf(documents, random, 100, 900);
        String externalPaymentId = "BANK-PAY-" + i;
        String key = UUID.randomUUID().toString();
        long total = Partner.total(listed);
        Settled settled = settle(battery, () -> partner.verifiedPayment(externalPaymentId, "C-1", total, "USD", key, listed));
        // A retry of a request whose answer was lost (instance killed, database gone after the commit)
        // replays as already_processed: decisions.md, "Integrations API", verified payments' replay.
        boolean replayed = settled.requests() > 1 && "already_processed".equals(settled.status());
        if ("applied".equals(settled.status()) || replayed) {
            acknowledged.add(new Sent(externalPaymentId, total, listed, settled.answer().json().getString("paymentId")));
            if (replayed) {
                replays.incrementAndGet();
            }
        } else {
            wrongAnswers.put(externalPaymentId, settled.answer().toString());
        }
    }

    /**
     * Sends the call (failing over when an instance gives no answer) until it gets an answer that is
     * neither a server error during an outage nor the in-flight conflict, re-signing it each time
     * with the same {@code Idempotency-Key}; every server error is recorded with its times.
     */
    private Settled settle(Battery battery, Supplier<Call> call) throws Exception {
        long deadline = System.nanoTime() + SETTLE_DEADLINE.toNanos();
        int sends = 0;
        while (true) {
            Instant sent = Instant.now();
            Answer answer = battery.client().sendWithFailover(call.get());
            sends += answer.attempts();
            requests.addAndGet(answer.attempts());
            failovers.addAndGet(answer.attempts() - 1);
            boolean inFlight = answer.status() == 409 && answer.body().contains("idempotency_in_progress");
            if (answer.isServerError()) {
                Instant answered = Instant.now();
                outages.serverError(sent, answered, answer);
                if (!outages.inOutage(answered)) {
                    return new Settled(answer, sends); // a fault of the service itself: no point in waiting
                }
            } else if (!inFlight) {
                return new Settled(answer, sends);
            }
            if (System.nanoTime() > deadline) {
                return new Settled(answer, sends);
            }
            TimeUnit.MILLISECONDS.sleep(RETRY_PAUSE_MILLIS);
        }
    }

    /** Every acknowledged payment is stored once, and each document holds exactly what they applied to it. */
    private void assertAcknowledgedArePresent(Database database, IntegrationsPartner partner) throws Exception {
        Map<String, Long> expectedApplied = new HashMap<>();
        for (Sent sent : acknowledged) {
            for (int d = 0; d < sent.documents().length; d += 2) {
                expectedApplied.merge((String) sent.documents()[d], (Long) sent.documents()[d + 1], Long::sum);
            }
        }
        Map<String, Long> stored = new HashMap<>();
        try (Connection connection = database.connect();
                PreparedStatement payments = connection.prepareStatement("SELECT external_payment_id, count(*) FROM payments"
                        + " WHERE company_id = ? AND kind = 'VERIFIED' GROUP BY external_payment_id")) {
            payments.setObject(1, partner.company().id());
            try (ResultSet rows = payments.executeQuery()) {
                while (rows.next()) {
                    stored.put(rows.getString(1), rows.getLong(2));
                }
            }
        }
        assertThat(stored.keySet()).as("acknowledged payments stored")
                .containsAll(acknowledged.stream().map(Sent::externalPaymentId).toList());
        assertThat(stored.values()).as("each externalPaymentId stored once").allMatch(count -> count == 1);
        try (Connection connection = database.connect();
                PreparedStatement applied = connection.prepareStatement("SELECT external_document_id, applied_minor"
                        + " FROM collection_documents WHERE company_id = ?")) {
            applied.setObject(1, partner.company().id());
            Map<String, Long> actual = new HashMap<>();
            try (ResultSet rows = applied.executeQuery()) {
                while (rows.next()) {
                    if (rows.getLong(2) != 0) {
                        actual.put(rows.getString(1), rows.getLong(2));
                    }
                }
            }
            assertThat(actual).as("applied per document").isEqualTo(expectedApplied);
        }
    }
}

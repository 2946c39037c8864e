package dev.recaudo.battery;

import static org.assertj.core.api.Assertions.assertThat;

import dev.recaudo.battery.BatteryClient.Answer;
import dev.recaudo.battery.BatteryClient.Call;
import dev.recaudo.e2e.webhooks.Receiver;
import io.restassured.path.json.JsonPath;
import java.io.IOException;
import java.io.OutputStream;
import java.net.ConnectException;
import java.net.Socket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * Issue 25: SIGTERM to one of two instances under load, as an orchestrator stops one replica behind
 * a balancer. The balancer here polls the instance's readiness and, like the clients, sends no new
 * request to an instance that is not ready or answered {@code 503}. The stopped instance must:
 * keep serving for its delay while its readiness says it is going ({@code quarkus.shutdown.delay}),
 * let the requests in flight finish, never reset a request it was sent, wait for the webhook attempts
 * it had started (it is the only one sending, to a receiver slow around the SIGTERM) and record them
 * before it exits, and leave nothing the other instance cannot finish: every invoice a client saw
 * acknowledged is there, and once the other instance dispatches, its {@code invoice.created} arrives.
 * Requests a client cut short itself (sent whole, the connection closed without reading the answer)
 * and then sent again with the same idempotency key to the other instance get one invoice, the one
 * the answer names.
 */
class GracefulShutdownIT {

    private static final int CLIENTS = 8;
    private static final Duration DELAY = Duration.ofSeconds(2);
    private static final Duration LOAD_BEFORE_SIGTERM = Duration.ofSeconds(2);
    private static final Duration LOAD_AFTER_EXIT = Duration.ofSeconds(1);
    private static final int CUT_SHORT = 10;
    /**
     * How slowly the receiver answers from just before the SIGTERM, one request at a time: the
     * stopping instance, the only one sending, then has its endpoint's two places in flight, and the
     * second ends after the delay, so the stop has an attempt to wait for.
     */
    private static final long SLOW_ANSWER_MILLIS = 2_500;
    private static final Duration SLOW_BEFORE_SIGTERM = Duration.ofMillis(500);
    private static final Map<String, String> NOT_DISPATCHING = Map.of("RECAUDO_WEBHOOKS_DISPATCH_INTERVAL", "off");
    /** The stop's bound: the delay, the requests in flight (10 s at most), the sends (5 s at most), and the JVM's own. */
    private static final Duration STOP_MAX = DELAY.plusSeconds(10 + 5 + 5);

    /** What one request got: its instance, and its answer's status, or -1 for a connection refused, -2 for one cut. */
    private record Sent(int instance, String key, int status, String invoiceId) {}

    @Test
    void givenTwoInstancesUnderLoad_whenOneGetsSigterm_thenNothingAcknowledgedIsLostNothingSentIsResetAndItsWebhooksGoOut()
            throws Exception {
        Map<String, String> environment = new HashMap<>(Battery.LOOPBACK_RECEIVERS);
        environment.put("QUARKUS_SHUTDOWN_DELAY", DELAY.toMillis() + "ms");
        AtomicBoolean slowReceiver = new AtomicBoolean();
        try (Battery battery = Battery.onTestServer(environment, List.of(Map.of(), NOT_DISPATCHING));
                Receiver receiver = new Receiver(ordinal -> {
                    if (slowReceiver.get()) {
                        sleep(SLOW_ANSWER_MILLIS);
                    }
                    return 204;
                })) {
            Company company = battery.company();
            String bearer = "Bearer " + company.invoicesKey().secret();
            Answer endpoint = battery.client().send(Call.post("/companies/" + company.id() + "/webhook-endpoints",
                    Json.object("url", receiver.url(), "events", List.of("invoice.created")))
                    .header("Authorization", "Bearer " + company.adminToken()));
            assertThat(endpoint.status()).as("endpoint: %s", endpoint).isEqualTo(201);

            ServiceInstance stopping = battery.instance(0);
            AtomicBoolean ready = new AtomicBoolean(true);
            AtomicBoolean loadOn = new AtomicBoolean(true);
            List<Sent> sent = new CopyOnWriteArrayList<>();
            ExecutorService threads = Executors.newFixedThreadPool(CLIENTS + 1);
            List<Future<?>> running = new ArrayList<>();
            running.add(threads.submit(() -> balance(stopping, ready, loadOn)));
            for (int i = 0; i < CLIENTS; i++) {
                running.add(threads.submit(() -> createWhileOn(battery.client(), bearer, ready, loadOn, sent)));
            }
            Thread.sleep(LOAD_BEFORE_SIGTERM.toMillis());

            slowReceiver.set(true);
            Thread.sleep(SLOW_BEFORE_SIGTERM.toMillis());
            long signalled = System.nanoTime();
            stopping.terminate();
            String inTheDelayKey = "graceful-in-delay-" + UUID.randomUUID();
            Answer inTheDelay = battery.client().sendTo(0, create(inTheDelayKey, bearer));
            sent.add(new Sent(0, inTheDelayKey, inTheDelay.status(), inTheDelay.status() == 201 ? inTheDelay.json().getString("id") : null));
            List<String> cutShort = cutShort(stopping, bearer);
            int status = stopping.awaitExit(STOP_MAX.plusSeconds(10));
            Duration stopTook = Duration.ofNanos(System.nanoTime() - signalled);
            slowReceiver.set(false);
            Thread.sleep(LOAD_AFTER_EXIT.toMillis());
            loadOn.set(false);
            for (Future<?> each : running) {
                each.get();
            }
            threads.shutdown();
            String context = "stop took " + stopTook + "\n" + battery.outputs();

            assertThat(status).as("exit status after SIGTERM, 128 + 15; %s", context).isEqualTo(143);
            assertThat(stopTook).as(context).isLessThan(STOP_MAX).isGreaterThanOrEqualTo(DELAY);
            assertThat(inTheDelay.status()).as("a request right after the SIGTERM, in the delay: %s", inTheDelay).isEqualTo(201);
            assertThat(sent).as("answers from the stopping instance before it stopped listening").filteredOn(one -> one.instance() == 0)
                    .extracting(Sent::status).as(context).isSubsetOf(201, 503, -1);
            assertThat(sent).as("answers from the other instance").filteredOn(one -> one.instance() == 1)
                    .extracting(Sent::status).as(context).containsOnly(201);

            Map<String, String> acknowledged = sent.stream().filter(one -> one.status() == 201)
                    .collect(Collectors.toMap(Sent::key, Sent::invoiceId));
            Database database = battery.database();
            assertThat(database.number("SELECT count(*) FROM collection_documents WHERE id = ANY(?::uuid[])",
                    acknowledged.values().stream().collect(Collectors.joining(",", "{", "}"))))
                    .as("acknowledged invoices in the database").isEqualTo(acknowledged.size());

            for (String cut : cutShort) {
                Answer again = battery.client().sendTo(1, create(cut, bearer));
                assertThat(again.status()).as("%s sent again after being cut short: %s", cut, again).isEqualTo(201);
                assertThat(database.text("SELECT string_agg(id::text, ',') FROM collection_documents WHERE provider_id = ?",
                        cut)).as("the invoices of %s, cut short then sent again", cut)
                        .isEqualTo(again.json().getString("id"));
            }

            assertThat(stopping.output()).as("the stopping instance waited for its sends, which ended before it exited")
                    .containsPattern("Stopping: [1-9]\\d* attempts in flight; waiting for them to end")
                    .contains("Stopping: the attempts in flight ended and their outcomes are recorded")
                    .doesNotContain("callback attempts still in flight").doesNotContain("the attempt could not be recorded");

            // The other instance takes the dispatch over: what the stopped one left unsent goes out.
            battery.instance(1).restart(Map.of("RECAUDO_WEBHOOKS_DISPATCH_INTERVAL", "200ms"));
            Set<String> invoices = Set.copyOf(acknowledged.values());
            Receiver.await(() -> createdFor(receiver).containsAll(invoices), Duration.ofSeconds(60));
            battery.assertInvariants();
        }
    }

    /** The balancer: while the load is on, polls the stopping instance's readiness and marks it out once it is not ready. */
    private static Void balance(ServiceInstance stopping, AtomicBoolean ready, AtomicBoolean loadOn) throws Exception {
        HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(1)).build();
        HttpRequest readiness = HttpRequest.newBuilder(stopping.baseUri().resolve("/q/health/ready"))
                .timeout(Duration.ofSeconds(1)).build();
        while (loadOn.get() && ready.get()) {
            try {
                if (http.send(readiness, HttpResponse.BodyHandlers.discarding()).statusCode() != 200) {
                    ready.set(false);
                }
            } catch (IOException gone) {
                ready.set(false);
            }
            Thread.sleep(50);
        }
        return null;
    }

    /** One client: creates invoices one after another on the instance the balancer says, until the load stops. */
    private static Void createWhileOn(BatteryClient client, String bearer, AtomicBoolean ready, AtomicBoolean loadOn,
            List<Sent> sent) throws Exception {
        while (loadOn.get()) {
            String key = "graceful-" + UUID.randomUUID();
            int instance = ready.get() ? 0 : 1;
            try {
                Answer answer = client.sendTo(instance, create(key, bearer));
                sent.add(new Sent(instance, key, answer.status(), answer.status() == 201 ? answer.json().getString("id") : null));
                if (instance == 0 && answer.status() == 503) {
                    ready.set(false);
                }
            } catch (ConnectException refused) {
                sent.add(new Sent(instance, key, -1, null));
                ready.set(false);
            } catch (IOException cut) {
                sent.add(new Sent(instance, key, -2, null));
            }
        }
        return null;
    }

    /**
     * Sends whole invoice creations to the stopping instance and closes each connection without
     * reading the answer, right after the SIGTERM, while the instance still serves (its delay).
     */
    private static List<String> cutShort(ServiceInstance stopping, String bearer) throws IOException {
        List<String> keys = new ArrayList<>();
        URI base = stopping.baseUri();
        for (int i = 0; i < CUT_SHORT; i++) {
            String key = "graceful-cut-" + UUID.randomUUID();
            String body = body(key);
            String request = "POST /v1/invoices HTTP/1.1\r\nHost: " + base.getHost() + ":" + base.getPort()
                    + "\r\nAuthorization: " + bearer + "\r\nContent-Type: application/json\r\nx-idempotency: " + key
                    + "\r\nContent-Length: " + body.getBytes(StandardCharsets.UTF_8).length + "\r\n\r\n" + body;
            try (Socket socket = new Socket(base.getHost(), base.getPort()); OutputStream out = socket.getOutputStream()) {
                out.write(request.getBytes(StandardCharsets.UTF_8));
                out.flush();
            }
            keys.add(key);
        }
        return keys;
    }

    private static Call create(String key, String bearer) {
        return Call.post("/v1/invoices", body(key)).header("Authorization", bearer).header("x-idempotency", key);
    }

    private static String body(String key) {
        return Json.object("reference", "V-12.345.678", "provider", "erp", "provider_id", key, "amount", 15, "name", "Graceful stop");
    }

    private static Set<String> createdFor(Receiver receiver) {
        return receiver.received().stream().map(received -> new JsonPath(received.body()))
                .filter(event -> "invoice.created".equals(event.getString("type")))
                .map(event -> event.getString("invoice.id")).collect(Collectors.toSet());
    }

    private static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}

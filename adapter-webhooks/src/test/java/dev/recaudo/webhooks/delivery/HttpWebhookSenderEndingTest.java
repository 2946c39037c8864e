package dev.recaudo.webhooks.delivery;

import static org.assertj.core.api.Assertions.assertThat;

import dev.recaudo.domain.webhook.WebhookSender.SendOutcome;
import io.opentelemetry.api.trace.TracerProvider;
import io.vertx.core.Vertx;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpServer;
import io.vertx.core.http.HttpServerRequest;
import io.vertx.core.http.HttpServerResponse;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import java.util.logging.Handler;
import java.util.logging.Level;
import java.util.logging.LogRecord;
import java.util.logging.Logger;
import org.jboss.logmanager.LogContext;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * How the sender ends an exchange it no longer needs: after the status of an answer whose body is
 * still coming, and at the read timeout of a receiver that never answers (twenty at once, all in
 * flight together). Either way the request is reset at once, so the receiver's connection does not
 * linger until the idle timeout, and Vert.x logs no error for a reset the sender did itself. Vert.x logs through SLF4J to the JBoss log manager here, as in the service.
 */
class HttpWebhookSenderEndingTest {

    private static final String SECRET = "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw";
    /** Long enough that a connection left open would outlive every wait below (idle timeout 33 s). */
    private static final Duration REQUEST_TIMEOUT = Duration.ofSeconds(30);
    private static final int CHUNK_BYTES = 64 * 1024;
    private static final long ANSWER_BYTES_MAX = 16L * 1024 * 1024;

    private final Vertx vertx = TestVertx.get();
    private final HttpWebhookSender sender =
            new HttpWebhookSender(new AddressWebhookTargetPolicy(true), vertx, Duration.ofSeconds(5), REQUEST_TIMEOUT, null, TracerProvider.noop().get("test"));
    private final List<LogRecord> vertxErrors = new CopyOnWriteArrayList<>();
    private final Handler errorCollector = new Handler() {
        @Override
        public void publish(LogRecord record) {
            if (record.getLevel().intValue() >= Level.SEVERE.intValue()) {
                vertxErrors.add(record);
            }
        }

        @Override
        public void flush() { }

        @Override
        public void close() { }
    };
    private final BlockingQueue<String> receiverEvents = new LinkedBlockingQueue<>();
    private HttpServer receiver;

    @BeforeEach
    void collectVertxErrors() {
        vertxLogger().addHandler(errorCollector);
    }

    @AfterEach
    void stop() throws Exception {
        vertxLogger().removeHandler(errorCollector);
        if (receiver != null) {
            receiver.close().toCompletionStage().toCompletableFuture().get(10, TimeUnit.SECONDS);
        }
    }

    @Test
    void givenReceiverStreamingALongAnswer_whenTheStatusIsRead_thenTheExchangeEndsAtOnceAndNoErrorIsLogged()
            throws Exception {
        startReceiver(request -> {
            HttpServerResponse response = request.response().setChunked(true).setStatusCode(200);
            receiverEvents.add("answering");
            streamUntilClosed(response, 0);
        });

        for (int attempt = 1; attempt <= 3; attempt++) {
            SendOutcome outcome = sender.send(url(), "evt_" + attempt, Instant.now(), "{}", List.of(SECRET)).toCompletableFuture().join();

            assertThat(outcome.statusCode()).as(outcome.error().orElse("")).contains(200);
            assertThat(receiverEvents.poll(10, TimeUnit.SECONDS)).isEqualTo("answering");
            assertThat(receiverEvents.poll(5, TimeUnit.SECONDS)).as("the receiver's connection closed")
                    .isEqualTo("closed");
        }
        // Vert.x reports a reset on its event loop, just after the connection closes.
        Thread.sleep(500);
        assertThat(vertxErrors).extracting(LogRecord::getMessage).isEmpty();
    }

    /**
     * Sends are asynchronous: twenty attempts to a receiver that never answers are all in flight at
     * once, the calls returning before any answer, and all end at the read timeout together, each
     * connection reset at once, rather than one after another (twenty times the timeout).
     */
    @Test
    void givenReceiverThatNeverAnswers_whenTwentyAttemptsAreMadeAtOnce_thenAllAreInFlightTogetherAndEndAtTheTimeout()
            throws Exception {
        HttpWebhookSender quick = new HttpWebhookSender(new AddressWebhookTargetPolicy(true), vertx, Duration.ofSeconds(5),
                Duration.ofSeconds(2), null, TracerProvider.noop().get("test"));
        startReceiver(request -> receiverEvents.add("request"));
        long started = System.nanoTime();

        List<CompletableFuture<SendOutcome>> attempts = new ArrayList<>();
        for (int i = 0; i < 20; i++) {
            attempts.add(quick.send(url(), "evt_" + i, Instant.now(), "{}", List.of(SECRET)).toCompletableFuture());
        }
        Duration calls = Duration.ofNanos(System.nanoTime() - started);
        for (int i = 0; i < 20; i++) {
            assertThat(receiverEvents.poll(10, TimeUnit.SECONDS)).as("request %d in flight", i).isEqualTo("request");
        }
        assertThat(attempts).as("none answered before the timeout").noneMatch(CompletableFuture::isDone);
        CompletableFuture.allOf(attempts.toArray(CompletableFuture[]::new)).get(10, TimeUnit.SECONDS);
        Duration all = Duration.ofNanos(System.nanoTime() - started);

        assertThat(calls).as("the calls wait for no answer").isLessThan(Duration.ofSeconds(1));
        assertThat(all).as("twenty timeouts of 2 s together").isLessThan(Duration.ofSeconds(6));
        assertThat(attempts).extracting(attempt -> attempt.get().error().orElseThrow()).containsOnly("timeout after 2000 ms");
        for (int i = 0; i < 20; i++) {
            assertThat(receiverEvents.poll(5, TimeUnit.SECONDS)).as("connection %d closed", i).isEqualTo("closed");
        }
        Thread.sleep(500);
        assertThat(vertxErrors).extracting(LogRecord::getMessage).isEmpty();
    }

    private void startReceiver(Consumer<HttpServerRequest> answer) throws Exception {
        receiver = vertx.createHttpServer()
                .requestHandler(request -> {
                    request.connection().closeHandler(closed -> receiverEvents.add("closed"));
                    request.body().onSuccess(body -> answer.accept(request));
                })
                .listen(0, "127.0.0.1")
                .toCompletionStage().toCompletableFuture().get(10, TimeUnit.SECONDS);
    }

    /** An answer of up to 16 MiB in chunks of 64 KiB, one every 5 ms: far longer than the exchange should last. */
    private void streamUntilClosed(HttpServerResponse response, long sentBytes) {
        if (response.closed()) {
            return;
        }
        if (sentBytes >= ANSWER_BYTES_MAX) {
            response.end();
            return;
        }
        response.write(Buffer.buffer(new byte[CHUNK_BYTES]));
        vertx.setTimer(5, timer -> streamUntilClosed(response, sentBytes + CHUNK_BYTES));
    }

    private String url() {
        return "http://127.0.0.1:" + receiver.actualPort() + "/hook";
    }

    private static Logger vertxLogger() {
        return LogContext.getLogContext().getLogger("io.vertx");
    }
}

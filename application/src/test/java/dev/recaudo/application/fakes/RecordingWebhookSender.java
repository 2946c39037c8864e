package dev.recaudo.application.fakes;

import dev.recaudo.domain.webhook.AttemptResult;
import dev.recaudo.domain.webhook.WebhookSender;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.function.Function;

/**
 * A sender that answers what the test scripted, in order (200 once the script is used up), and
 * records every request it was handed: what the real sender signs and posts. It answers at once,
 * unless told to {@link #hold()} its answers: then every request stays in flight until the test
 * {@link #release}s it, as a receiver that takes its time would keep it.
 */
public final class RecordingWebhookSender implements WebhookSender {

    /** One request as the sender received it: a callback has one secret and a time limit. */
    public record Sent(String url, String webhookId, Instant timestamp, String body, List<String> secrets,
            Optional<Duration> timeLimit) {}

    private final Deque<SendOutcome> script = new ArrayDeque<>();
    private final List<Sent> sent = new ArrayList<>();
    private final List<Held> held = new ArrayList<>();
    private Runnable whileSending = () -> {};
    private Function<Sent, Optional<SendOutcome>> answerByRequest = request -> Optional.empty();
    private boolean holding;

    /** A request whose answer has not come yet. */
    public record Held(Sent request, CompletableFuture<SendOutcome> answer) {}

    public RecordingWebhookSender answering(int statusCode, long durationMillis) {
        script.add(SendOutcome.answered(statusCode, durationMillis));
        return this;
    }

    public RecordingWebhookSender failing(AttemptResult result, String error, long durationMillis) {
        script.add(SendOutcome.failed(result, error, durationMillis));
        return this;
    }

    /** Answers each request as {@code answer} says, when it says anything; the script otherwise. */
    public RecordingWebhookSender answeringBy(Function<Sent, Optional<SendOutcome>> answer) {
        this.answerByRequest = answer;
        return this;
    }

    /** Something that happens during every send, such as time passing. */
    public RecordingWebhookSender whileSending(Runnable action) {
        this.whileSending = action;
        return this;
    }

    /** From now on every request stays in flight until released. */
    public RecordingWebhookSender hold() {
        this.holding = true;
        return this;
    }

    @Override
    public CompletionStage<SendOutcome> send(String url, String webhookId, Instant timestamp, String body, List<String> secrets) {
        return record(new Sent(url, webhookId, timestamp, body, List.copyOf(secrets), Optional.empty()));
    }

    @Override
    public CompletionStage<SendOutcome> send(String url, String webhookId, Instant timestamp, String body, String secret,
            Duration timeLimit) {
        return record(new Sent(url, webhookId, timestamp, body, List.of(secret), Optional.of(timeLimit)));
    }

    private CompletionStage<SendOutcome> record(Sent request) {
        sent.add(request);
        whileSending.run();
        if (holding) {
            CompletableFuture<SendOutcome> answer = new CompletableFuture<>();
            held.add(new Held(request, answer));
            return answer;
        }
        return CompletableFuture.completedFuture(next(request));
    }

    private SendOutcome next(Sent request) {
        Optional<SendOutcome> byRequest = answerByRequest.apply(request);
        if (byRequest.isPresent()) {
            return byRequest.get();
        }
        SendOutcome next = script.poll();
        return next == null ? SendOutcome.answered(200, 1) : next;
    }

    public List<Sent> sent() {
        return List.copyOf(sent);
    }

    /** The requests still in flight, oldest first. */
    public List<Held> inFlight() {
        return held.stream().filter(request -> !request.answer().isDone()).toList();
    }

    /** Answers the oldest request in flight whose URL is {@code url}, with the next scripted answer. */
    public void release(String url) {
        Held oldest = inFlight().stream().filter(request -> request.request().url().equals(url)).findFirst()
                .orElseThrow(() -> new AssertionError("nothing in flight to " + url));
        oldest.answer().complete(next(oldest.request()));
    }

    /** Answers every request in flight, oldest first, each with the next scripted answer. */
    public void releaseAll() {
        for (Held request : inFlight()) {
            request.answer().complete(next(request.request()));
        }
    }
}

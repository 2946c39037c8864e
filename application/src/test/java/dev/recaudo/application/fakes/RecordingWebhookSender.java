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

/**
 * A sender that answers what the test scripted, in order (200 once the script is used up), and
 * records every request it was handed: what the real sender signs and posts.
 */
public final class RecordingWebhookSender implements WebhookSender {

    /** One request as the sender received it: a callback has one secret and a time limit. */
    public record Sent(String url, String webhookId, Instant timestamp, String body, List<String> secrets,
            Optional<Duration> timeLimit) {}

    private final Deque<SendOutcome> script = new ArrayDeque<>();
    private final List<Sent> sent = new ArrayList<>();
    private Runnable whileSending = () -> {};

    public RecordingWebhookSender answering(int statusCode, long durationMillis) {
        script.add(SendOutcome.answered(statusCode, durationMillis));
        return this;
    }

    public RecordingWebhookSender failing(AttemptResult result, String error, long durationMillis) {
        script.add(SendOutcome.failed(result, error, durationMillis));
        return this;
    }

    /** Something that happens during every send, such as time passing. */
    public RecordingWebhookSender whileSending(Runnable action) {
        this.whileSending = action;
        return this;
    }

    @Override
    public SendOutcome send(String url, String webhookId, Instant timestamp, String body, List<String> secrets) {
        return record(new Sent(url, webhookId, timestamp, body, List.copyOf(secrets), Optional.empty()));
    }

    @Override
    public SendOutcome send(String url, String webhookId, Instant timestamp, String body, String secret, Duration timeLimit) {
        return record(new Sent(url, webhookId, timestamp, body, List.of(secret), Optional.of(timeLimit)));
    }

    private SendOutcome record(Sent request) {
        sent.add(request);
        whileSending.run();
        SendOutcome next = script.poll();
        return next == null ? SendOutcome.answered(200, 1) : next;
    }

    public List<Sent> sent() {
        return List.copyOf(sent);
    }
}

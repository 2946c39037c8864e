package dev.recaudo.bootstrap.crash;

import dev.recaudo.domain.webhook.WebhookSender;
import jakarta.annotation.Priority;
import jakarta.decorator.Decorator;
import jakarta.decorator.Delegate;
import jakarta.inject.Inject;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.CompletionStage;

/**
 * Around the sender: a callback (sent with a time limit) may halt before its request leaves, a
 * webhook delivery after its receiver answered (as the answer arrives, before it is recorded).
 */
@Decorator
@Priority(1)
abstract class CrashingSender implements WebhookSender {

    @Inject
    @Delegate
    WebhookSender sender;

    @Inject
    CrashSwitch crash;

    @Override
    public CompletionStage<SendOutcome> send(String url, String webhookId, Instant timestamp, String body,
            List<String> secrets) {
        return sender.send(url, webhookId, timestamp, body, secrets).thenApply(outcome -> {
            crash.reached(CrashPoint.WEBHOOK_AFTER_SEND);
            return outcome;
        });
    }

    @Override
    public CompletionStage<SendOutcome> send(String url, String webhookId, Instant timestamp, String body, String secret,
            Duration timeLimit) {
        crash.reached(CrashPoint.CALLBACK_BEFORE_SEND);
        return sender.send(url, webhookId, timestamp, body, secret, timeLimit);
    }
}

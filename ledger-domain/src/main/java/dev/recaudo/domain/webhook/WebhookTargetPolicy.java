package dev.recaudo.domain.webhook;

/**
 * Port: decides whether Recaudo may send to a URL. Checked when an endpoint is registered and again
 * before every delivery, on the addresses the host name resolves to at that moment.
 */
public interface WebhookTargetPolicy {

    TargetCheck check(String url);

    sealed interface TargetCheck {
        record Allowed() implements TargetCheck {}

        /** {@code reason} is a sentence safe to show to the company's administrator. */
        record Refused(String reason) implements TargetCheck {}
    }
}

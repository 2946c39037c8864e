package dev.recaudo.application.rail;

import dev.recaudo.domain.money.CurrencyCode;
import java.util.Set;

/**
 * Port: a card processor Recaudo collects through (Stripe), implemented by an adapter module of its own.
 * It declares what it serves, connects under one company's credentials, and reads the events the
 * processor posts to {@code /webhooks/processors/{rail}/{companyId}}.
 */
public interface CardRail {

    /** The rail's name in routes, settings and messages: {@code stripe}. */
    String name();

    /** The currencies its merchants settle in; a live payment in another one is refused on {@code currency}. */
    Set<CurrencyCode> currencies();

    /** The countries (ISO 3166-1 alpha-2) whose merchants it serves. */
    Set<String> countries();

    /** A client of the processor that calls it with {@code credentials.secretKey()}. */
    CardProcessor connect(CardCredentials credentials);

    /**
     * Checks the event's signature header against {@code webhookSecret} (with the processor's own
     * tolerance of the signed time) and reads the event.
     *
     * @throws ForgedEvent when the signature does not match, is missing or too old, or the payload is not an event
     */
    ProcessorEvent verify(String payload, String signatureHeader, String webhookSecret);

    /** An event whose signature does not hold: refused, and nothing of it is read. */
    final class ForgedEvent extends RuntimeException {

        public ForgedEvent(String message) {
            super(message);
        }
    }
}

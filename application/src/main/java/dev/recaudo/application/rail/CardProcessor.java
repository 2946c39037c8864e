package dev.recaudo.application.rail;

import dev.recaudo.application.externalpayment.PaymentProcessor;

/**
 * A card processor under one company's credentials: the charges, lookups and refunds of every
 * {@link PaymentProcessor}, plus the processor's own hosted page (a session the payer is sent to)
 * and its payout reports. Every method may throw {@link PaymentProcessor.AnswerLost} when the answer
 * did not arrive, and any other {@link RuntimeException} when the processor refused or failed.
 */
public interface CardProcessor extends PaymentProcessor {

    /** Opens a session at the processor's hosted page, once per {@link HostedSession.Request#idempotencyKey()}. */
    HostedSession openSession(HostedSession.Request request);

    /** The session as the processor holds it now. */
    HostedSession session(String sessionId);

    /**
     * Expires an open session so that it can take no money; answers the session afterwards (one the
     * payer completed meanwhile stays complete, and must be completed, not replaced).
     */
    HostedSession expireSession(String sessionId);

    /** A payout with every balance movement it settles: charges, refunds, disputes, and their fees. */
    PayoutReport payout(String payoutId);
}

/**
 * Outbound webhooks: endpoints a company registers, events written to an outbox in the same
 * transaction as the state change they report, and deliveries retried with backoff until they
 * succeed or are declared dead. Signing and HTTP live behind ports.
 */
package dev.recaudo.domain.webhook;

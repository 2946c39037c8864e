/**
 * Webhook use cases: administrators register endpoints (checked against the target policy) and
 * inspect or redeliver deliveries; the dispatcher sends due deliveries from the outbox with
 * exponential backoff until they succeed or are declared dead.
 */
package dev.recaudo.application.webhook;

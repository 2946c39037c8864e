/**
 * The one idempotency mechanism of every API family: a claim in the same transaction as the work,
 * a stored answer to replay, and a refusal for a key reused with a different request. Key values
 * are scoped by the partner that sent them, so partners of one company never share one.
 */
package dev.recaudo.application.idempotency;

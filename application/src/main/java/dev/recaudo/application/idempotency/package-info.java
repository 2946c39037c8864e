/**
 * The one idempotency mechanism of every API family: a claim in the same transaction as the work,
 * a stored answer to replay, and a refusal for a key reused with a different request.
 */
package dev.recaudo.application.idempotency;

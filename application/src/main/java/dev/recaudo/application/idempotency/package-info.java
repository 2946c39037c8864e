/**
 * The one idempotency mechanism of every API family: a claim in the same transaction as the work,
 * a stored answer to replay, and a refusal for a key reused with a different request. Key values
 * are scoped by the partner that sent them, so partners of one company never share one. Work that
 * leaves the process (a charge) runs in atomic phases under the same claim: a recovery point is
 * committed first, and a retry resumes from it instead of doing the work again.
 */
package dev.recaudo.application.idempotency;

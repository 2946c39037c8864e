/**
 * Idempotency keys: one request per key, operation and partner does the work, every repetition
 * replays its answer, and a different request under the same key is refused. A key value belongs to
 * the partner that sent it, never to the whole company. The database's unique constraint, not a
 * prior read, decides which request is first.
 */
package dev.recaudo.domain.idempotency;

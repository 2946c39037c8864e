/**
 * Idempotency keys: one request per key and operation does the work, every repetition replays its
 * answer, and a different request under the same key is refused. The database's unique constraint,
 * not a prior read, decides which request is first.
 */
package dev.recaudo.domain.idempotency;

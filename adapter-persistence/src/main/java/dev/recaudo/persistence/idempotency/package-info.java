/**
 * Idempotency claims and stored answers in PostgreSQL, decided by the primary key and bounded by a
 * transaction-local lock timeout.
 */
package dev.recaudo.persistence.idempotency;

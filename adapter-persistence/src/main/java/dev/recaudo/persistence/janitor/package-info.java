/**
 * The scheduled purges of rows that have outlived their use (idempotency records, rate-limit
 * counters) or their configured retention (webhook deliveries, WhatsApp events, audit records).
 * Each runs in bounded batches, so one run never holds a long transaction or a large lock, and stops
 * as soon as a batch finds less than it could remove.
 */
package dev.recaudo.persistence.janitor;

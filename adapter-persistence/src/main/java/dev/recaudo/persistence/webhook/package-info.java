/**
 * The outbox, webhook endpoints, deliveries and attempts in PostgreSQL. Events are written with the
 * change they report; the dispatcher's claims of a lane take turns on an advisory lock, count the
 * attempts in flight from the leases, and lease with SKIP LOCKED, so instances share the sending
 * under caps that hold across them. Each endpoint's health (paused, on probation) is on its row.
 */
package dev.recaudo.persistence.webhook;

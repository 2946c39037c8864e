/**
 * The outbox, webhook endpoints, deliveries and attempts in PostgreSQL. Events are written with the
 * change they report; deliveries are leased with SKIP LOCKED so instances share the sending.
 */
package dev.recaudo.persistence.webhook;

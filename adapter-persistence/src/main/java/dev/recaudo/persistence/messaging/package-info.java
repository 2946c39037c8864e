/** The messaging events and their per-day counts in PostgreSQL. */
package dev.recaudo.persistence.messaging;

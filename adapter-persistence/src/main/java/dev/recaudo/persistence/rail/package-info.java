/**
 * The card rails' records in PostgreSQL: each company's sealed credentials at a rail, the processor
 * events applied (one row per event id, written in the transaction of the event's effect), and the
 * payouts received with the fees booked from them.
 */
package dev.recaudo.persistence.rail;

/**
 * The card rails' records in PostgreSQL: each company's sealed credentials at a rail, and the
 * processor events applied, one row per event id, written in the transaction of the event's effect.
 */
package dev.recaudo.persistence.rail;

/**
 * The audit trail in PostgreSQL, written in the transaction of the work a record describes when
 * that work commits, else in a transaction of its own; read by request id for a partner and as the
 * administration trail, newest first, for a company.
 */
package dev.recaudo.persistence.audit;

/** The audit trail in PostgreSQL, written in its own transactions and read by request id. */
package dev.recaudo.persistence.audit;

/**
 * The audit of the ledger in production: a check of invariants I1-I5 over the whole store, whose
 * violations are logged at ERROR by id (never customer data) for an operator to act on. Scheduling
 * and the metrics an alert reads are wiring, in bootstrap; the check's SQL is the persistence
 * adapter's, behind the {@code LedgerAudit} port.
 */
package dev.recaudo.application.ledger;

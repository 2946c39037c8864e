/**
 * The audit trail in PostgreSQL, written in its own transactions; read by request id for a partner
 * and as the administration trail, newest first, for a company.
 */
package dev.recaudo.persistence.audit;

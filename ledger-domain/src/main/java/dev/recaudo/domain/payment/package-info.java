/**
 * Payments and their applications to documents. A payment is recorded once, applied through the
 * ledger, and never applied twice: its identity in the partner's system is unique.
 */
package dev.recaudo.domain.payment;

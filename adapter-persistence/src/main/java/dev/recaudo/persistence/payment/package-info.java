/**
 * Payments and applications in PostgreSQL. A partner's verified payment is unique by its source
 * and external id, enforced by a partial unique index.
 */
package dev.recaudo.persistence.payment;

/**
 * Checkouts in PostgreSQL. A partial unique index allows at most one payable (PENDING) checkout
 * per document, so a race can never leave two open ways to pay the same balance.
 */
package dev.recaudo.persistence.checkout;

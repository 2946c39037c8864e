/**
 * Checkouts in PostgreSQL. A partial unique index allows at most one payable (PENDING) checkout
 * per document, so a race can never leave two open ways to pay the same balance. The checkout
 * helper's payers live here too, one per company, environment and lower-cased e-mail; the payers
 * stored with name-based global ids are re-keyed in the background ({@link PayerIdRekeying}).
 */
package dev.recaudo.persistence.checkout;

/**
 * Tables of bank transfers: receiving accounts, payment references, imported statements and their
 * entries, and reconciliation proposals. Uniqueness of an entry (account and bank reference, or
 * statement and line) is the database's, so a re-imported line is never applied twice.
 */
package dev.recaudo.persistence.banktransfer;

/**
 * The double-entry ledger in PostgreSQL: accounts, transfers and signed entries, append-only and
 * balanced, both enforced by triggers as well as by the domain.
 */
package dev.recaudo.persistence.ledger;

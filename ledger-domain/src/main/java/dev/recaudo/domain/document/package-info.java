/**
 * Collection documents: what a customer owes a company. One central model serves both the public
 * invoice API (a projection in major units) and the integrations API (minor units, lines,
 * applications). A document's balance always equals the balance of its receivable in the ledger.
 */
package dev.recaudo.domain.document;

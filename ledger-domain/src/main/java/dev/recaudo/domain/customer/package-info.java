/**
 * Customers of a company: who owes the documents. A customer may be known to several partners,
 * each by its own external id; the public invoice API resolves customers by their normalized tax
 * identity instead.
 */
package dev.recaudo.domain.customer;

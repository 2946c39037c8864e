/**
 * Customers of a company: who owes the documents. One customer per tax identity is shared by every
 * partner naming that taxpayer; each partner knows it by its own external id and with its own data
 * (a link), and reads only that. The public invoice API resolves customers by their normalized tax
 * identity instead.
 */
package dev.recaudo.domain.customer;

/**
 * Checkouts: the payable form of a document's open balance, shown to payers on the hosted page.
 * A document has exactly one current checkout; a change of amount cancels it and issues a new
 * one, and paying it applies the payment through the ledger.
 */
package dev.recaudo.domain.checkout;

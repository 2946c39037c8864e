/**
 * Use cases over collection documents. Reads go straight to the repository; writes (later) go
 * through the ledger so that a document's balance and its receivable never disagree.
 */
package dev.recaudo.application.document;

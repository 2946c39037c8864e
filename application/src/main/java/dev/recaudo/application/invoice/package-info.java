/**
 * The public invoice use cases on the central documents: create with a checkout, replace, annul,
 * settle from the provider, the sandbox controls and the bulk annulment job. Each money move goes
 * through {@link dev.recaudo.application.invoice.DocumentBook}, so the ledger, the document and its
 * events change together in one transaction.
 */
package dev.recaudo.application.invoice;

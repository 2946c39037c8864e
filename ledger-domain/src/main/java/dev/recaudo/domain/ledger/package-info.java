/**
 * The double-entry ledger: accounts, entries and transfers. Every money movement is one balanced
 * transfer; entries are never updated or deleted, and corrections are reversing transfers. The
 * receivable account of a document always carries exactly the document's open balance.
 */
package dev.recaudo.domain.ledger;

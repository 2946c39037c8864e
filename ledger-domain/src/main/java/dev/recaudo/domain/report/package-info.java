/**
 * What a company's people read about their receivables (the console's overview, docs/console.md):
 * open balances and their aging as the ledger booked them by a moment, money collected by rail, and
 * the webhook deliveries that keep failing. Reports are read, never written; the port
 * {@link dev.recaudo.domain.report.ReceivablesReports} aggregates in the store, the rules (buckets,
 * rails) are here.
 */
package dev.recaudo.domain.report;

/**
 * Bank transfer routes (issue 23, rail two): a company's receiving accounts, its bank statement
 * imports and its reconciliation proposals. The routes only read bodies and map outcomes; matching
 * and completion are the application's.
 */
package dev.recaudo.rest.banktransfer;

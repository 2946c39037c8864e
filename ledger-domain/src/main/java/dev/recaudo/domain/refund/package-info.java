/**
 * Money going back out of a completed external payment: a refund the partner asks for, or a
 * chargeback (a returned transfer) the rail reports. Each records where it took the payment's money
 * from, so that a refund the processor declines puts the money back exactly where it was. The
 * ledger moves and events are carried out by the application's refund book.
 */
package dev.recaudo.domain.refund;

/**
 * Bank transfers and instant payments (issue 23, rail two): the accounts a company receives into,
 * the payment reference a payer types, and the bank statement lines that prove the money arrived.
 * A statement line is never a payment by itself: it completes one only through the existing use
 * cases, matched by a valid reference and the exact amount, or confirmed by a person.
 */
package dev.recaudo.domain.banktransfer;

/**
 * Use cases over external payments: creating, completing, cancelling and listing hosted and direct
 * payments, and sending their callbacks. A direct payment is charged through a processor port
 * outside any transaction, after its pending record committed, and an outcome that never arrived is
 * found by asking the processor, never by charging again. Test keys use the sandbox processor,
 * which keeps its own record of charges.
 */
package dev.recaudo.application.externalpayment;

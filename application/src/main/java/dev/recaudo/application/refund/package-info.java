/**
 * Refunds and chargebacks of completed external payments. A refund runs in the phases of every
 * call that leaves the process: its money is taken into a refund-in-flight account and committed,
 * the processor is asked outside any transaction, and the outcome is recorded (the money leaves, or
 * goes back exactly). A chargeback is reported by the rail and recorded at once.
 */
package dev.recaudo.application.refund;

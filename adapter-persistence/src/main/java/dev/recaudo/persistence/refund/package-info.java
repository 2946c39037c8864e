/**
 * Refunds and chargebacks of external payments, and the sandbox processor's own record of the
 * refunds it made. Both tables are written and read through native SQL in the caller's session; the
 * sandbox's record commits in a transaction of its own, as a processor's records would.
 */
package dev.recaudo.persistence.refund;

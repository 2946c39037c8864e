/**
 * The audit trail of write requests: request id, key, partner, operation and outcome. A partner
 * reads its own records, in its key's environment, by request id, which is how a {@code failed}
 * payment outcome is investigated.
 */
package dev.recaudo.domain.audit;

/**
 * The audit trail of write requests: request id, key, operation and outcome. A company reads its
 * own records by request id, which is how a {@code failed} payment outcome is investigated.
 */
package dev.recaudo.domain.audit;

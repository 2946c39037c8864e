/**
 * Fair outbound dispatch, shared by lifecycle webhooks and payment callbacks: caps on the attempts
 * in flight per target and per company, a round robin over companies and targets when a claim
 * chooses, and the pause of a target that keeps failing. The rules are here; which rows are
 * candidates and what is in flight is read by the adapters in the claim's transaction.
 */
package dev.recaudo.domain.dispatch;

/**
 * The audit trail of integrations writes and of administration: request id, actor (a partner's key,
 * an administrator or the operator), operation, target and outcome. A partner reads its own records,
 * in its key's environment, by request id, which is how a {@code failed} payment outcome is
 * investigated; a company's administrator reads the administration trail of the company.
 */
package dev.recaudo.domain.audit;

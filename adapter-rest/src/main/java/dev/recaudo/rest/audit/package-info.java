/**
 * The administration trail: every authenticated call of an {@link dev.recaudo.rest.audit.Audited}
 * administration or operator operation leaves one record in the one audit trail (API keys, webhook
 * endpoints, secret reads, company changes, admin logins). The company's administrator reads it
 * newest first, by cursor; the operator reads any company's.
 */
package dev.recaudo.rest.audit;

/**
 * What every use case shares: the transaction port, the rollback that leaves a transaction with a
 * named answer, the count of payment outcomes that follows a commit, and the HMAC under a secret
 * every instance shares (cursors, form tokens, payer ids). Nothing else belongs here; a helper used
 * by one feature lives in that feature's package.
 */
package dev.recaudo.application.common;

/**
 * What every use case shares: the transaction port, the rollback that leaves a transaction with a
 * named answer, and the count of payment outcomes that follows a commit. Nothing else belongs here; a helper used by one feature lives in that
 * feature's package.
 */
package dev.recaudo.application.common;

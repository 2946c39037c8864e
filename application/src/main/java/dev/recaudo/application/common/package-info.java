/**
 * What every use case shares: the transaction port, and the rollback that leaves a transaction
 * with a named answer. Nothing else belongs here; a helper used by one feature lives in that
 * feature's package.
 */
package dev.recaudo.application.common;

/**
 * What every use case shares: the transaction port. Nothing else belongs here; a helper used by
 * one feature lives in that feature's package.
 */
package dev.recaudo.application.common;

/**
 * The small shared kernel of the domain: vocabulary that several features use in the same sense.
 * A type that only one feature needs does not belong here.
 */
package dev.recaudo.domain.common;

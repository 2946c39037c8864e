/**
 * External payments: payments a partner's backend creates for a company, paid on the hosted page
 * or directly, whose completion is reported to the partner by a callback.
 */
package dev.recaudo.domain.externalpayment;

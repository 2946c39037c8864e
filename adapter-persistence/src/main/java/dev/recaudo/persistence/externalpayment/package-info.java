/**
 * External payments in PostgreSQL, scoped by company and environment, listed newest first, with
 * their callbacks and callback secrets. The sandbox processor's own record of charges lives here
 * too, written in transactions of its own as a processor's would be.
 */
package dev.recaudo.persistence.externalpayment;

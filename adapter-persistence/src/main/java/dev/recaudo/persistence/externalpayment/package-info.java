/** External payments in PostgreSQL, scoped by company and environment, listed newest first. */
package dev.recaudo.persistence.externalpayment;

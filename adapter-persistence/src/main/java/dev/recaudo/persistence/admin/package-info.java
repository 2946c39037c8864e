/**
 * Administrators in PostgreSQL. The unique e-mail constraint, not a prior read, decides which of
 * two racing onboardings gets an address.
 */
package dev.recaudo.persistence.admin;

/**
 * Customers and their partner links in PostgreSQL. Lists use a keyset on (updated_at, id), both
 * descending, served by an index, so pages stay stable while rows change.
 */
package dev.recaudo.persistence.customer;

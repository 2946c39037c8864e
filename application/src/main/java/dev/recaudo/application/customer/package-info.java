/**
 * Use cases over customers: the keyset-paginated list of the integrations API, and (later) the
 * upsert that synchronizes a partner's customer.
 */
package dev.recaudo.application.customer;

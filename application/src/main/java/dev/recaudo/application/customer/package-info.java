/**
 * Use cases over customers: the upsert that synchronizes a partner's customer into its own link,
 * the keyset-paginated list of the integrations API, and the customer of a document or payment as
 * its partner knows it ({@link dev.recaudo.application.customer.KnownCustomers}).
 */
package dev.recaudo.application.customer;

/**
 * Live collection rails: a company's admin sets its credentials at a card rail
 * ({@code /companies/{companyId}/payment-rails/{rail}}) and reads the payouts received from it; the rail
 * posts its events to {@code /webhooks/processors/{rail}/{companyId}}, signed with the company's webhook secret.
 */
package dev.recaudo.rest.rail;

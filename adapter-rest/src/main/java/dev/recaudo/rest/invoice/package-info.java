/**
 * The public invoice API over HTTP: snake_case fields, decimal major units of the company's
 * reference currency, the numeric-code error envelope and rate-limit headers on every response.
 */
package dev.recaudo.rest.invoice;

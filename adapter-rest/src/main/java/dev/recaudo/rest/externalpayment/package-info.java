/**
 * The external payments API over HTTP: {@code X-API-Key}, camelCase, integer minor units and the
 * {@code {statusCode, message, error, timestamp, path}} envelope.
 */
package dev.recaudo.rest.externalpayment;

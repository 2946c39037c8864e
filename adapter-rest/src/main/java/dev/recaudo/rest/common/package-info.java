/**
 * What every API family shares at the HTTP edge: request ids, the body-size limit, strict JSON,
 * the error envelopes of each family and the mappers that produce them, the authenticated caller
 * and the rate-limit headers.
 */
package dev.recaudo.rest.common;

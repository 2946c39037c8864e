/**
 * What every API family shares at the HTTP edge: request ids, the body-size limit (declared and
 * chunked), the masked query of the access log, strict JSON, the text and dates a request may
 * carry, the error envelopes of each family and the mappers that produce them, the authenticated
 * caller and the rate-limit headers.
 */
package dev.recaudo.rest.common;

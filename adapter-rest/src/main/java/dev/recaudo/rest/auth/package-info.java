/**
 * The credential schemes, one request filter per family, bound by annotation: Bearer keys with
 * scopes (public API), signed requests (integrations), X-API-Key (external payments), checkout
 * access tokens, admin JWTs and the operator token. Keys are checked by one shared gate so the
 * order of 401, 429, 403 and the 503 of a money operation without financial configuration is the
 * same in every family. A binding that carries its {@code @SecurityRequirement} names the scheme in
 * the OpenAPI document for every resource it binds, so the document names the filter that runs.
 */
package dev.recaudo.rest.auth;

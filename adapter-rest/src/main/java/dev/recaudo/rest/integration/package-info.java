/**
 * The partner integrations API over HTTP: signed requests, camelCase fields, integer minor units,
 * the {@code {error: {code, message, requestId}}} envelope and opaque sealed cursors.
 */
package dev.recaudo.rest.integration;

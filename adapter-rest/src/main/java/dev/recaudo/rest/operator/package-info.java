/**
 * The operator API: the platform operator onboards companies with their first administrator,
 * enables or disables them, sets their reference currency and registers their WhatsApp origins.
 * It is disabled unless an operator token is configured.
 */
package dev.recaudo.rest.operator;

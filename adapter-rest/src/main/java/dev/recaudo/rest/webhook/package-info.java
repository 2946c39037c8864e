/**
 * Webhook endpoint administration over HTTP: register (the signing secret is shown once), list,
 * remove, and inspect or redeliver deliveries with every attempt recorded.
 */
package dev.recaudo.rest.webhook;

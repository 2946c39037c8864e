/** Messaging confirmations: the WhatsApp Cloud API webhook and the events query (docs/reference/messaging.md). */
package dev.recaudo.rest.messaging;

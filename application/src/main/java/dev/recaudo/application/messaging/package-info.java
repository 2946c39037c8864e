/** Use cases of messaging confirmations: ingesting WhatsApp statuses and querying them. */
package dev.recaudo.application.messaging;

/**
 * Messaging confirmations: the delivery statuses of the WhatsApp messages a company sent, as the
 * WhatsApp Cloud API reports them, stored once each and counted per day.
 */
package dev.recaudo.domain.messaging;

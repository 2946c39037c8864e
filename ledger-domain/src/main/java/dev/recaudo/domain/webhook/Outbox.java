package dev.recaudo.domain.webhook;

/**
 * Port: the transactional outbox. Appending writes the event and one pending delivery per
 * subscribed endpoint of the company, in the caller's transaction: if the change rolls back, so
 * does its announcement.
 */
public interface Outbox {

    void append(OutboxEvent event);
}

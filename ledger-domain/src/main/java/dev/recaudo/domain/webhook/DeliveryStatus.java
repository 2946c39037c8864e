package dev.recaudo.domain.webhook;

/** A delivery is pending until it succeeds or runs out of attempts and is declared dead. */
public enum DeliveryStatus {
    PENDING,
    SUCCEEDED,
    DEAD
}

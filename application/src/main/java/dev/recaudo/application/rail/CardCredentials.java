package dev.recaudo.application.rail;

import java.util.Objects;

/**
 * One company's credentials at a card processor: the secret key its calls carry and the secret its
 * events are signed with. Sealed at rest, never answered, never logged.
 */
public record CardCredentials(String secretKey, String webhookSecret) {

    public CardCredentials {
        Objects.requireNonNull(secretKey, "secretKey");
        Objects.requireNonNull(webhookSecret, "webhookSecret");
    }

    @Override
    public String toString() {
        return "CardCredentials[sealed]";
    }
}

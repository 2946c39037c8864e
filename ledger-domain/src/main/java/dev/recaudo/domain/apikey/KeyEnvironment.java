package dev.recaudo.domain.apikey;

import java.util.Optional;

/**
 * Live keys move real money; test keys work on a separate, invisible set of documents and may use
 * the sandbox controls.
 */
public enum KeyEnvironment {
    LIVE("live"),
    TEST("test");

    private final String wireName;

    KeyEnvironment(String wireName) {
        this.wireName = wireName;
    }

    public String wireName() {
        return wireName;
    }

    public static Optional<KeyEnvironment> fromWireName(String text) {
        for (KeyEnvironment environment : values()) {
            if (environment.wireName.equals(text)) {
                return Optional.of(environment);
            }
        }
        return Optional.empty();
    }
}

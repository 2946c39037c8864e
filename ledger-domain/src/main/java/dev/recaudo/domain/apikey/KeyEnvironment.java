package dev.recaudo.domain.apikey;

import dev.recaudo.domain.common.WireNamed;
import java.util.Optional;

/**
 * Live keys move real money; test keys work on a separate, invisible set of documents and may use
 * the sandbox controls.
 */
public enum KeyEnvironment implements WireNamed {
    LIVE("live"),
    TEST("test");

    private final String wireName;

    KeyEnvironment(String wireName) {
        this.wireName = wireName;
    }

    @Override
    public String wireName() {
        return wireName;
    }

    public static Optional<KeyEnvironment> fromWireName(String text) {
        return WireNamed.find(values(), text);
    }
}

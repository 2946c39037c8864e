package dev.recaudo.domain.common;

import java.util.Objects;

/**
 * JSON text a partner sent and Recaudo keeps verbatim (for example invoice metadata). The core never
 * interprets it; the edges write it back unchanged.
 */
public record JsonText(String value) {
    public JsonText {
        Objects.requireNonNull(value, "value");
    }
}

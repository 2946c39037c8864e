package dev.recaudo.domain.common;

import java.util.Optional;

/**
 * A constant with the spelling the APIs, events and database use for it. A spelling is looked up
 * exactly, without folding case or trimming, because each is part of a contract.
 */
public interface WireNamed {

    String wireName();

    /** The constant among {@code constants} spelled {@code text}; empty when none is. */
    static <E extends WireNamed> Optional<E> find(E[] constants, String text) {
        for (E constant : constants) {
            if (constant.wireName().equals(text)) {
                return Optional.of(constant);
            }
        }
        return Optional.empty();
    }
}

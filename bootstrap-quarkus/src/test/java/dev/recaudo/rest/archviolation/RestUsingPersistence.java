package dev.recaudo.rest.archviolation;

import dev.recaudo.persistence.common.NativeSql;

/** A deliberate violation, kept in test sources only: an adapter reaching into another adapter. */
public class RestUsingPersistence {

    public Class<?> shortcut() {
        return NativeSql.class;
    }
}

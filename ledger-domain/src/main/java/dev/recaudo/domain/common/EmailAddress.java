package dev.recaudo.domain.common;

import java.util.regex.Pattern;

/**
 * The e-mail shape Recaudo accepts: one {@code @}, no spaces, a dot in the domain, at most 200
 * characters. Deliverability is not checked; addresses are never generated or completed.
 */
public final class EmailAddress {

    public static final int LENGTH_MAX = 200;
    private static final Pattern SHAPE =
            Pattern.compile("^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?(?:\\.[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?)+$");

    private EmailAddress() {}

    public static boolean isValid(String text) {
        return text != null && text.length() <= LENGTH_MAX && SHAPE.matcher(text).matches();
    }
}

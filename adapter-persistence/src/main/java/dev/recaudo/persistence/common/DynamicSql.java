package dev.recaudo.persistence.common;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;

/**
 * A native statement assembled from the parts a request asks for (the filters of a list, its keyset
 * position, its limit). Each part's text and its positional parameters are appended together, so a
 * placeholder and its value cannot drift apart, and an absent filter adds neither.
 */
public final class DynamicSql {

    private final StringBuilder text;
    private final List<Object> parameters = new ArrayList<>();

    public DynamicSql(String text, Object... parameters) {
        this.text = new StringBuilder(text);
        this.parameters.addAll(Arrays.asList(parameters));
    }

    /** Appends text with the values of its placeholders, in order. */
    public DynamicSql append(String part, Object... values) {
        text.append(part);
        parameters.addAll(Arrays.asList(values));
        return this;
    }

    /** Appends another statement's text and parameters, such as a condition two statements share. */
    public DynamicSql append(DynamicSql part) {
        text.append(part.text);
        parameters.addAll(part.parameters);
        return this;
    }

    /** Appends {@code condition}, whose one placeholder takes the value, only when there is a value. */
    public DynamicSql when(Optional<?> value, String condition) {
        value.ifPresent(present -> append(condition, present));
        return this;
    }

    /** Appends {@code condition}, whose one placeholder takes the values as a {@code text[]}, only when there are some. */
    public DynamicSql whenAny(List<String> values, String condition) {
        return values.isEmpty() ? this : append(condition, new NativeSql.TextArray(values));
    }

    public String text() {
        return text.toString();
    }

    public Object[] parameters() {
        return parameters.toArray();
    }

    /**
     * A {@code LIKE} pattern (with the default escape character, the backslash) that matches any
     * text containing {@code literal}: its own wildcards and backslashes match only themselves.
     */
    public static String containing(String literal) {
        return "%" + literal.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_") + "%";
    }
}

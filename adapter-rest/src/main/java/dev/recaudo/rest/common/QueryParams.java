package dev.recaudo.rest.common;

/** Parses query parameters strictly: text that is not what the parameter needs is a validation error. */
public final class QueryParams {

    private QueryParams() {}

    /** An integer between min and max, or the default when the parameter is absent. */
    public static int intBetween(String name, String text, int min, long max, int defaultValue) {
        if (text == null) {
            return defaultValue;
        }
        long value;
        try {
            value = Long.parseLong(text.trim());
        } catch (NumberFormatException notANumber) {
            throw ApiProblem.validation(name, "must be an integer between " + min + " and " + max);
        }
        if (value < min || value > max) {
            throw ApiProblem.validation(name, "must be an integer between " + min + " and " + max);
        }
        return (int) Math.min(value, Integer.MAX_VALUE);
    }

    /** A page size from 1 to the configured maximum, or the configured default when absent. */
    public static int pageSize(String name, String text, RestSettings.PageSize sizes) {
        return intBetween(name, text, 1, sizes.max(), sizes.defaultSize());
    }
}

package dev.recaudo.rest.common;

import java.util.Optional;
import java.util.UUID;
import java.util.regex.Pattern;

/** Parses ids taken from the path; a malformed one is the client's mistake, answered in its family's envelope. */
public final class PathIds {

    private static final Pattern UUID_TEXT =
            Pattern.compile("^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$");

    private PathIds() {}

    public static UUID uuid(String name, String text) {
        return parse(text).orElseThrow(() -> ApiProblem.validation(name, "must be a UUID"));
    }

    /** The UUID, or empty when the text is not one; for paths where a malformed id is simply no match. */
    public static Optional<UUID> parse(String text) {
        if (text == null || !UUID_TEXT.matcher(text).matches()) {
            return Optional.empty();
        }
        return Optional.of(UUID.fromString(text));
    }
}

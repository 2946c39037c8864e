package dev.recaudo.rest.common;

import java.util.ArrayList;
import java.util.List;
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

    /**
     * An id the partner later names as a path segment ({@code externalDocumentId},
     * {@code externalPaymentId}, a product's {@code sku}): no {@code /} or {@code ;}, not {@code .}
     * or {@code ..}, and no control character, since the HTTP edge refuses paths that carry one, so
     * an id with any of these could be stored but never read back.
     */
    public static List<String> segmentProblems(String value) {
        List<String> problems = new ArrayList<>();
        if (value.contains("/") || value.contains(";")) {
            problems.add("must not contain '/' or ';' (it is used in paths)");
        }
        if (value.equals(".") || value.equals("..")) {
            problems.add("must not be '.' or '..' (it is used in paths)");
        }
        if (value.chars().anyMatch(ClientText::isControl)) {
            problems.add("must not contain control characters (U+0000 to U+001F, U+007F): it is used in paths");
        }
        return problems;
    }
}

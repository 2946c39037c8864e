package dev.recaudo.rest.common;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.node.TextNode;
import dev.recaudo.domain.idempotency.IdempotencyScope;
import dev.recaudo.domain.idempotency.RequestFingerprint;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * "Same request" for idempotency: the same partner, the same path ids, and a body equal as parsed
 * JSON, where key order, whitespace and the spelling of numbers ({@code 20}, {@code 20.0},
 * {@code 2e1}) do not matter but every value does. The fingerprint is {@code v2:} and the SHA-256 of
 * a canonical text in which a number is its digits without trailing zeros and a decimal exponent
 * ({@code 2e1}), so a number's size never depends on its exponent.
 *
 * <p>Records stored before the {@code v2} form hold the SHA-256 of the old canonical text, which
 * spelled numbers out in full ({@code toPlainString}) and covered only the body (or, for requests
 * with path ids, the path ids and the body); {@link Fingerprint#matches} recomputes that form only
 * when it stays within {@link #LEGACY_CANONICAL_LENGTH_MAX}, never expanding a huge exponent.
 */
public final class Fingerprints {

    static final String VERSION_PREFIX = "v2:";
    /**
     * Longest old-form canonical text recomputed to compare with a record of an earlier release, in
     * characters: twice the largest accepted body. A request whose numbers would spell out longer
     * (only possible with huge exponents) is not the request such a record was made for.
     */
    static final int LEGACY_CANONICAL_LENGTH_MAX = 4 * 1024 * 1024;

    private Fingerprints() {}

    /** A versioned fingerprint of the request of {@code scope}'s partner; {@code pathIds} may be empty, {@code body} null. */
    public static Fingerprint of(IdempotencyScope scope, Map<String, String> pathIds, JsonNode body) {
        JsonNodeFactory nodes = JsonNodeFactory.instance;
        SortedMap<String, String> ids = new TreeMap<>(pathIds);
        ObjectNode request = nodes.objectNode();
        request.put("partner", scope.partnerName());
        ObjectNode path = request.putObject("path");
        ids.forEach(path::put);
        request.set("body", body == null ? nodes.nullNode() : body);
        StringBuilder canonical = new StringBuilder();
        write(request, canonical, Fingerprints::appendScientific);
        return new Fingerprint(VERSION_PREFIX + sha256(canonical), legacyRequest(ids, body));
    }

    /** The fingerprint of one request: its current form, and how to recognise the forms stored before it. */
    public record Fingerprint(String value, JsonNode legacyRequest) implements RequestFingerprint {

        @Override
        public boolean matches(String stored) {
            if (stored.startsWith(VERSION_PREFIX)) {
                return stored.equals(value);
            }
            return legacy(legacyRequest).filter(stored::equals).isPresent();
        }
    }

    /** What the old form covered: the body alone, or an object of the path ids with the body under {@code body}. */
    private static JsonNode legacyRequest(SortedMap<String, String> ids, JsonNode body) {
        if (ids.isEmpty()) {
            return body;
        }
        ObjectNode request = JsonNodeFactory.instance.objectNode();
        ids.forEach(request::put);
        if (body != null) {
            request.set("body", body);
        }
        return request;
    }

    /** The old form of the fingerprint, or empty when its canonical text would exceed the bound. */
    static Optional<String> legacy(JsonNode request) {
        StringBuilder canonical = new StringBuilder();
        try {
            write(request, canonical, Fingerprints::appendPlainBounded);
        } catch (TooLong tooLong) {
            return Optional.empty();
        }
        return Optional.of(sha256(canonical));
    }

    /** How one number is spelled in a canonical text. */
    private interface NumberSpelling {
        void append(BigDecimal number, StringBuilder out);
    }

    /** The canonical text of the {@code v2} form (for a number, see {@link #appendScientific}). */
    static String canonical(JsonNode node) {
        StringBuilder out = new StringBuilder();
        write(node, out, Fingerprints::appendScientific);
        return out.toString();
    }

    private static void write(JsonNode node, StringBuilder out, NumberSpelling numbers) {
        if (node == null || node.isNull() || node.isMissingNode()) {
            out.append("null");
        } else if (node.isObject()) {
            List<String> names = new ArrayList<>();
            for (Iterator<String> it = node.fieldNames(); it.hasNext(); ) {
                names.add(it.next());
            }
            names.sort(null);
            out.append('{');
            for (int i = 0; i < names.size(); i++) {
                out.append(i == 0 ? "" : ",").append(TextNode.valueOf(names.get(i))).append(':');
                write(node.get(names.get(i)), out, numbers);
            }
            out.append('}');
        } else if (node.isArray()) {
            out.append('[');
            for (int i = 0; i < node.size(); i++) {
                out.append(i == 0 ? "" : ",");
                write(node.get(i), out, numbers);
            }
            out.append(']');
        } else if (node.isNumber()) {
            numbers.append(node.decimalValue(), out);
        } else {
            out.append(node.toString());
        }
    }

    /**
     * A number as its significant digits and a decimal exponent: {@code 20}, {@code 20.0} and
     * {@code 2e1} are all {@code 2e1}, zero is {@code 0}. Built from the unscaled digits and the scale
     * as a {@code long}, so neither a huge exponent nor stripping zeros past {@code int} can blow up.
     */
    private static void appendScientific(BigDecimal number, StringBuilder out) {
        if (number.signum() == 0) {
            out.append('0');
            return;
        }
        String digits = number.unscaledValue().toString();
        int end = digits.length();
        while (digits.charAt(end - 1) == '0') {
            end--;
        }
        long exponent = -(long) number.scale() + (digits.length() - end);
        out.append(digits, 0, end).append('e').append(exponent);
    }

    /** The old spelling ({@code stripTrailingZeros().toPlainString()}), refused before it outgrows the bound. */
    private static void appendPlainBounded(BigDecimal number, StringBuilder out) {
        // The plain text of the stripped number is at most its digits, its zeros before or after the
        // point, a sign and a point: bounded by 2 x precision + |scale| + 2. Checking the scale first
        // also keeps stripTrailingZeros from overflowing it.
        long lengthMax = 2L * number.precision() + Math.abs((long) number.scale()) + 2;
        if (out.length() + lengthMax > LEGACY_CANONICAL_LENGTH_MAX) {
            throw new TooLong();
        }
        out.append(number.stripTrailingZeros().toPlainString());
    }

    private static String sha256(CharSequence canonical) {
        try {
            return HexFormat.of().formatHex(
                    MessageDigest.getInstance("SHA-256").digest(canonical.toString().getBytes(StandardCharsets.UTF_8)));
        } catch (NoSuchAlgorithmException impossible) {
            throw new IllegalStateException(impossible);
        }
    }

    private static final class TooLong extends RuntimeException {
        TooLong() {
            super(null, null, false, false);
        }
    }
}

package dev.recaudo.rest.common;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.TextNode;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.Iterator;
import java.util.List;

/**
 * "Same body" for idempotency means equal as parsed JSON: key order, whitespace and the spelling of
 * numbers ({@code 20}, {@code 20.0}, {@code 2e1}) do not matter; every value does. The fingerprint
 * is the SHA-256 of a canonical text of the parsed body.
 */
public final class Fingerprints {

    private Fingerprints() {}

    public static String of(JsonNode body) {
        StringBuilder canonical = new StringBuilder();
        write(body, canonical);
        try {
            return HexFormat.of().formatHex(
                    MessageDigest.getInstance("SHA-256").digest(canonical.toString().getBytes(StandardCharsets.UTF_8)));
        } catch (NoSuchAlgorithmException impossible) {
            throw new IllegalStateException(impossible);
        }
    }

    private static void write(JsonNode node, StringBuilder out) {
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
                write(node.get(names.get(i)), out);
            }
            out.append('}');
        } else if (node.isArray()) {
            out.append('[');
            for (int i = 0; i < node.size(); i++) {
                out.append(i == 0 ? "" : ",");
                write(node.get(i), out);
            }
            out.append(']');
        } else if (node.isNumber()) {
            out.append(node.decimalValue().stripTrailingZeros().toPlainString());
        } else {
            out.append(node.toString());
        }
    }
}

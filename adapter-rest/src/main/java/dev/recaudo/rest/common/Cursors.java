package dev.recaudo.rest.common;

import dev.recaudo.application.common.SharedSecretMac;
import dev.recaudo.domain.security.SigningKeyStore;
import jakarta.enterprise.context.ApplicationScoped;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.Base64;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Opaque, tamper-evident pagination cursors: the position as text, sealed with an HMAC under a
 * secret that every instance shares. A cursor that was altered or forged does not open, and the
 * caller answers 400 instead of reading from a position the server never gave out. Each cursor
 * names its format and the list that issued it ({@code <format>|<list>|<position>}), so a cursor of
 * one list sent to another is refused as such, before its position is read.
 */
@ApplicationScoped
public class Cursors {

    static final String SECRET_NAME = "cursor-hmac-sha256";
    private static final Base64.Encoder ENCODER = Base64.getUrlEncoder().withoutPadding();
    private static final Base64.Decoder DECODER = Base64.getUrlDecoder();
    private static final int CURSOR_LENGTH_MAX = 512;
    private static final Pattern TAGGED = Pattern.compile("([a-z]+[0-9]+)\\|([a-z-]+)\\|(.*)", Pattern.DOTALL);

    private final SharedSecretMac mac;

    public Cursors(SigningKeyStore store) {
        this.mac = new SharedSecretMac(store, SECRET_NAME);
    }

    /** What a verified cursor of the list holds: its format and position; no format when sealed before cursors had one. */
    public record Opened(Optional<String> format, String position) {}

    /** The cursor of {@code list} at {@code position}, written in {@code format} (a name and a version: {@code sync1}). */
    public String seal(String format, String list, String position) {
        byte[] payload = (format + "|" + list + "|" + position).getBytes(StandardCharsets.UTF_8);
        return ENCODER.encodeToString(payload) + "." + ENCODER.encodeToString(mac.of(payload));
    }

    /**
     * The position a cursor holds for {@code list}. A cursor this API did not issue, or that another
     * list issued, is refused ({@code 400}, {@code cursor}); what a position means, and whether one
     * sealed before cursors named their list is still good, is for the list to say.
     */
    public Opened open(String list, String cursor) {
        String payload = verified(cursor)
                .orElseThrow(() -> ApiProblem.validation("cursor", "is not a cursor this API issued"));
        Matcher tagged = TAGGED.matcher(payload);
        if (!tagged.matches()) {
            return new Opened(Optional.empty(), payload);
        }
        if (!tagged.group(2).equals(list)) {
            throw ApiProblem.validation("cursor", "was issued by another list (" + tagged.group(2)
                    + "): a cursor continues only the list that issued it");
        }
        return new Opened(Optional.of(tagged.group(1)), tagged.group(3));
    }

    private Optional<String> verified(String cursor) {
        if (cursor == null || cursor.length() > CURSOR_LENGTH_MAX) {
            return Optional.empty();
        }
        int dot = cursor.indexOf('.');
        if (dot <= 0) {
            return Optional.empty();
        }
        try {
            byte[] payload = DECODER.decode(cursor.substring(0, dot));
            byte[] presented = DECODER.decode(cursor.substring(dot + 1));
            return MessageDigest.isEqual(mac.of(payload), presented)
                    ? Optional.of(new String(payload, StandardCharsets.UTF_8))
                    : Optional.empty();
        } catch (IllegalArgumentException notBase64) {
            return Optional.empty();
        }
    }
}

package dev.recaudo.battery;

import dev.recaudo.battery.SensitiveValues.Kind;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Finds the secrets and personal data in what the battery sends and receives, and registers them
 * with {@link SensitiveValues}: credentials in the {@code Authorization} and {@code X-API-Key}
 * headers, and in bodies (requests and answers alike) the values of JSON fields that hold an
 * e-mail, a phone number, a tax id, a password or a token, and anything with the shape of an API
 * key or a webhook secret, whatever its field. Every request of {@link BatteryClient} passes here,
 * so a test registers what it sends just by sending it. Fields are found by a pattern, not a
 * parser, so JSON inside other text counts too (a {@code curl -d} in a shell script, a malformed body).
 */
public final class SensitiveFields {

    private static final Pattern SECRET_SHAPE = Pattern.compile("\\b(rk_(?:live|test)_[0-9A-Za-z]+|whsec_[A-Za-z0-9+/=]+)");
    /**
     * Field names, lower-cased without underscores, and what their values are. {@code reference} is
     * the public invoice API's customer tax id; {@code recipient_id} and {@code display_phone_number}
     * are WhatsApp's phone numbers ({@code phone_number_id} is the provider's id of an origin, not a number).
     */
    private static final Pattern TEXT_FIELD = Pattern.compile("\"([A-Za-z_]+)\"\\s*:\\s*\"((?:[^\"\\\\]|\\\\.)*)\"");
    private static final Map<String, Kind> FIELDS = Map.ofEntries(
            Map.entry("password", Kind.PASSWORD),
            Map.entry("email", Kind.EMAIL),
            Map.entry("phone", Kind.PHONE),
            Map.entry("phonenumber", Kind.PHONE),
            Map.entry("displayphonenumber", Kind.PHONE),
            Map.entry("recipientid", Kind.PHONE),
            Map.entry("recipientphone", Kind.PHONE),
            Map.entry("waid", Kind.PHONE),
            Map.entry("taxid", Kind.TAX_ID),
            Map.entry("reference", Kind.TAX_ID),
            Map.entry("identitydocument", Kind.TAX_ID),
            Map.entry("accesstoken", Kind.BEARER_TOKEN));

    private SensitiveFields() {}

    /** Registers the credentials of the call's headers and the sensitive values of its body. */
    public static void register(BatteryClient.Call call) {
        call.headers().forEach((name, value) -> {
            if (name.equalsIgnoreCase("Authorization") && value.startsWith("Bearer ")) {
                registerCredential(value.substring("Bearer ".length()));
            } else if (name.equalsIgnoreCase("X-API-Key")) {
                registerCredential(value);
            }
        });
        registerBody(call.body());
    }

    /** Registers the sensitive values of a body, or of any text holding JSON: its named fields and secret-shaped text. */
    public static void registerBody(String body) {
        if (body == null || body.isEmpty()) {
            return;
        }
        Matcher secrets = SECRET_SHAPE.matcher(body);
        while (secrets.find()) {
            String secret = secrets.group(1);
            SensitiveValues.register(secret.startsWith("whsec_") ? Kind.WEBHOOK_SECRET : Kind.API_KEY, secret);
        }
        Matcher fields = TEXT_FIELD.matcher(body);
        while (fields.find()) {
            Kind kind = FIELDS.get(fields.group(1).replace("_", "").toLowerCase(Locale.ROOT));
            if (kind != null) {
                SensitiveValues.register(kind, fields.group(2));
            }
        }
    }

    private static void registerCredential(String credential) {
        SensitiveValues.register(credential.startsWith("rk_") ? Kind.API_KEY : Kind.BEARER_TOKEN, credential);
    }
}

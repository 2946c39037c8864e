package dev.recaudo.battery;

import dev.recaudo.domain.admin.AdminUser;
import dev.recaudo.domain.apikey.ApiKeySecret;
import dev.recaudo.domain.customer.TaxIdentity;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Every secret and personal datum the battery's clients created or sent in this test JVM, in each
 * form a log could hold it in (docs/reliability.md, "Secrets and personal data in logs"): an API
 * key as sent, without its {@code rk_live_} prefix and as the SHA-256 the service stores; an
 * e-mail address as sent, lower-cased and URL-encoded; and so on. {@link LogScan} looks for every
 * form in the instances' logs. Forms shorter than {@link #SHORTEST} characters are not kept: such
 * text turns up in logs by chance, so tests send personal data long enough to be told apart.
 */
public final class SensitiveValues {

    /** The shortest form looked for. */
    public static final int SHORTEST = 6;

    /** What a value is, as a failure names it (never the value itself). */
    public enum Kind {
        API_KEY("API key"),
        API_KEY_HASH("API key hash"),
        PASSWORD("password"),
        WEBHOOK_SECRET("webhook secret"),
        BEARER_TOKEN("bearer token"),
        CONFIGURED_SECRET("configured secret"),
        EMAIL("e-mail address"),
        PHONE("phone number"),
        TAX_ID("tax id");

        private final String label;

        Kind(String label) {
            this.label = label;
        }

        public String label() {
            return label;
        }
    }

    /** One form of a registered value: its text, its kind, and how it was derived ("as sent", "SHA-256 hex"). */
    public record Form(String text, Kind kind, String encoding) {

        /** What a failure says of it: kind and encoding, not the text. */
        public String describe() {
            return kind.label() + " (" + encoding + ")";
        }
    }

    private static final Map<String, Form> FORMS = new ConcurrentHashMap<>();

    private SensitiveValues() {}

    /** Adds {@code value} of {@code kind}, in every form the kind has; null and blank values are ignored. */
    public static void register(Kind kind, String value) {
        if (value == null || value.isBlank()) {
            return;
        }
        for (Form form : formsOf(kind, value)) {
            if (form.text().length() >= SHORTEST) {
                FORMS.putIfAbsent(form.text(), form);
            }
        }
    }

    /** Every form registered so far. */
    public static Collection<Form> forms() {
        return List.copyOf(FORMS.values());
    }

    /** The forms of {@code value}: as sent, and each encoding its kind has. */
    public static List<Form> formsOf(Kind kind, String value) {
        List<Form> forms = new ArrayList<>();
        forms.add(new Form(value, kind, "as sent"));
        switch (kind) {
            case API_KEY -> ApiKeySecret.parse(value).ifPresent(key -> {
                // The hash the service stores and looks keys up by (ApiKey), computed by its own code.
                forms.add(new Form(key.sha256Hex(), Kind.API_KEY_HASH, "SHA-256 hex"));
                forms.add(new Form(key.sha256Hex().toUpperCase(Locale.ROOT), Kind.API_KEY_HASH, "SHA-256 upper-case hex"));
                forms.add(new Form(value.substring(value.indexOf('_', "rk_".length()) + 1), kind, "without its prefix"));
            });
            case WEBHOOK_SECRET -> {
                if (value.startsWith("whsec_")) {
                    forms.add(new Form(value.substring("whsec_".length()), kind, "without its prefix"));
                }
            }
            case EMAIL -> {
                forms.add(new Form(AdminUser.normalizeEmail(value), kind, "normalized"));
                forms.add(new Form(urlEncoded(value), kind, "URL-encoded"));
            }
            case PHONE -> {
                forms.add(new Form(value.replaceAll("[^0-9]", ""), kind, "digits only"));
                forms.add(new Form(urlEncoded(value), kind, "URL-encoded"));
            }
            case TAX_ID -> TaxIdentity.normalize(value).ifPresent(normalized -> forms.add(new Form(normalized, kind, "normalized")));
            default -> {
                // Passwords, tokens and configured secrets have no other form the service would write.
            }
        }
        return forms;
    }

    private static String urlEncoded(String value) {
        return URLEncoder.encode(value, StandardCharsets.UTF_8);
    }
}

package dev.recaudo.e2e.messaging;

import static io.restassured.RestAssured.given;

import dev.recaudo.e2e.support.Tenants;
import io.restassured.http.ContentType;
import io.restassured.response.Response;
import java.nio.charset.StandardCharsets;
import java.util.HexFormat;
import java.util.Map;
import java.util.UUID;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/** WhatsApp Cloud API webhook bodies in the provider's format, signed as the provider signs them. */
public final class WhatsApp {

    public static final String APP_SECRET = "test-whatsapp-app-secret";
    public static final String VERIFY_TOKEN = "test-whatsapp-verify-token";

    private WhatsApp() {}

    /** Registers a fresh origin (phone_number_id) for the company and returns it. */
    public static String origin(Tenants.Company company) {
        String phoneNumberId = "1" + Long.toUnsignedString(UUID.randomUUID().getMostSignificantBits() & Long.MAX_VALUE);
        given().auth().oauth2(Tenants.OPERATOR_TOKEN).contentType(ContentType.JSON)
                .body(Map.of("phoneNumberId", phoneNumberId, "displayPhoneNumber", "+58 212 5550000"))
                .post("/operator/companies/{id}/whatsapp-origins", company.id())
                .then().statusCode(201);
        return phoneNumberId;
    }

    public static String status(String messageId, String status, String recipient) {
        return "{\"id\":\"" + messageId + "\",\"status\":\"" + status + "\",\"timestamp\":\"1763900000\","
                + "\"recipient_id\":\"" + recipient + "\",\"conversation\":{\"id\":\"c1\",\"origin\":{\"type\":\"utility\"}},"
                + "\"pricing\":{\"billable\":true,\"pricing_model\":\"CBP\",\"category\":\"utility\"}}";
    }

    public static String failed(String messageId, String recipient) {
        return "{\"id\":\"" + messageId + "\",\"status\":\"failed\",\"timestamp\":\"1763900001\",\"recipient_id\":\"" + recipient
                + "\",\"errors\":[{\"code\":131026,\"title\":\"Message undeliverable\",\"message\":\"Message undeliverable\","
                + "\"error_data\":{\"details\":\"Receiver is incapable of receiving this message\"}}]}";
    }

    /** One change of field {@code messages} with the given statuses, for an origin. */
    public static String change(String phoneNumberId, String... statuses) {
        return "{\"value\":{\"messaging_product\":\"whatsapp\",\"metadata\":{\"display_phone_number\":\"582125550000\","
                + "\"phone_number_id\":\"" + phoneNumberId + "\"},\"statuses\":[" + String.join(",", statuses) + "]},"
                + "\"field\":\"messages\"}";
    }

    /** An incoming message (not a status): acknowledged and ignored. */
    static String messageChange(String phoneNumberId) {
        return "{\"value\":{\"messaging_product\":\"whatsapp\",\"metadata\":{\"display_phone_number\":\"582125550000\","
                + "\"phone_number_id\":\"" + phoneNumberId + "\"},\"contacts\":[{\"profile\":{\"name\":\"Ana\"},"
                + "\"wa_id\":\"584121234567\"}],\"messages\":[{\"from\":\"584121234567\",\"id\":\"wamid.IN1\","
                + "\"timestamp\":\"1763900002\",\"text\":{\"body\":\"Hola\"},\"type\":\"text\"}]},\"field\":\"messages\"}";
    }

    public static String body(String... changes) {
        return "{\"object\":\"whatsapp_business_account\",\"entry\":[{\"id\":\"102290129340398\",\"changes\":["
                + String.join(",", changes) + "]}]}";
    }

    public static String signature(String body) {
        try {
            Mac mac = Mac.getInstance("HmacSHA256");
            mac.init(new SecretKeySpec(APP_SECRET.getBytes(StandardCharsets.UTF_8), "HmacSHA256"));
            return "sha256=" + HexFormat.of().formatHex(mac.doFinal(body.getBytes(StandardCharsets.UTF_8)));
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    public static Response deliver(String body) {
        return deliver(body, signature(body));
    }

    static Response deliver(String body, String signature) {
        var request = given().contentType(ContentType.JSON).body(body.getBytes(StandardCharsets.UTF_8));
        return (signature == null ? request : request.header("X-Hub-Signature-256", signature)).post("/webhooks/whatsapp");
    }
}

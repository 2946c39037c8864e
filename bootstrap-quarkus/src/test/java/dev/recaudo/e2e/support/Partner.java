package dev.recaudo.e2e.support;

import static org.hamcrest.Matchers.equalTo;

import io.restassured.path.json.JsonPath;
import io.restassured.response.Response;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import java.util.UUID;

/** A partner on the integrations API: one company, one key for source {@code acme-erp}, helpers for its calls. */
public final class Partner {

    public static final List<String> ALL = List.of("customers:read", "customers:write", "collection_documents:read",
            "collection_documents:write", "payments:read", "verified_payments:write", "certified_rates:write");

    public final Tenants.Key key;
    public final String base;

    public Partner(Tenants.Key key) {
        this.key = key;
        this.base = "/integrations/v1/" + key.company().id();
    }

    public static Partner create() {
        return new Partner(Tenants.company().key("partner", ALL, "acme-erp"));
    }

    public Response post(String path, String body) {
        return Integrations.post(key, base + path, body);
    }

    public Response post(String path, String body, String idempotencyKey) {
        return Integrations.post(key, base + path, body, idempotencyKey);
    }

    public Response get(String path) {
        return Integrations.get(key, base + path);
    }

    public Response get(String path, String query) {
        return Integrations.get(key, base + path, query);
    }

    /** A one-line document of {@code amountMinor} in {@code currency} for customer {@code customerId}. */
    public static String document(String externalDocumentId, String customerId, String currency, long amountMinor) {
        return "{\"source\":\"acme-erp\",\"externalDocumentId\":\"" + externalDocumentId + "\",\"customerExternalId\":\""
                + customerId + "\",\"customer\":{\"type\":\"business\",\"name\":\"Cliente " + customerId + "\"},"
                + "\"currency\":\"" + currency + "\",\"invoiceNumber\":\"F-" + externalDocumentId + "\","
                + "\"lines\":[{\"quantity\":1,\"unitAmountMinor\":" + amountMinor + ",\"amountMinor\":" + amountMinor
                + ",\"description\":\"Servicio\"}]}";
    }

    public JsonPath createDocument(String externalDocumentId, String customerId, String currency, long amountMinor) {
        return post("/collection-documents/upsert", document(externalDocumentId, customerId, currency, amountMinor))
                .then().statusCode(201).extract().jsonPath();
    }

    /** A verified payment body; {@code documents} are (externalDocumentId, amountMinor) pairs. */
    public static String payment(String externalPaymentId, String customerId, long amountMinor, String currency,
            Object... documents) {
        StringBuilder listed = new StringBuilder();
        for (int i = 0; i < documents.length; i += 2) {
            listed.append(i == 0 ? "" : ",").append("{\"externalDocumentId\":\"").append(documents[i])
                    .append("\",\"amountMinor\":").append(documents[i + 1]).append('}');
        }
        return "{\"source\":\"acme-erp\",\"externalPaymentId\":\"" + externalPaymentId + "\",\"customerExternalId\":\""
                + customerId + "\",\"amountMinor\":" + amountMinor + ",\"currency\":\"" + currency
                + "\",\"verifiedAt\":\"2026-11-22T10:00:00Z\",\"documents\":[" + listed + "]}";
    }

    /**
     * The documents of a random payment, as {@link #payment} takes them: one to three of
     * {@code documents}, each with {@code minMinor} plus up to {@code spreadMinor} (exclusive).
     */
    public static Object[] someOf(List<String> documents, Random random, int minMinor, int spreadMinor) {
        List<String> order = new ArrayList<>(documents);
        Collections.shuffle(order, random);
        int listed = 1 + random.nextInt(3);
        Object[] pairs = new Object[listed * 2];
        for (int d = 0; d < listed; d++) {
            pairs[d * 2] = order.get(d);
            pairs[d * 2 + 1] = (long) (minMinor + random.nextInt(spreadMinor));
        }
        return pairs;
    }

    /** The sum of the amounts of {@code documents} pairs, as {@link #someOf} gives them. */
    public static long total(Object... documents) {
        long total = 0;
        for (int d = 1; d < documents.length; d += 2) {
            total += (Long) documents[d];
        }
        return total;
    }

    public Response pay(String externalPaymentId, String customerId, long amountMinor, String currency, Object... documents) {
        return post("/verified-payments", payment(externalPaymentId, customerId, amountMinor, currency, documents));
    }

    /** A USD document {@code A} of customer {@code C-1} worth 1000, and a VES payment on it that waits for a rate. */
    public void payAwaitingRate(String externalPaymentId) {
        createDocument("A", "C-1", "USD", 1000);
        pay(externalPaymentId, "C-1", 36500, "VES", "A", 1000).then().statusCode(200)
                .body("status", equalTo("needs_certified_rate"));
    }

    public static String unique(String prefix) {
        return prefix + "-" + UUID.randomUUID().toString().substring(0, 8);
    }
}

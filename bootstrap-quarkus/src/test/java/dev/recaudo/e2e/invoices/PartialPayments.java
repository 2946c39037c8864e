package dev.recaudo.e2e.invoices;

import dev.recaudo.e2e.support.Integrations;
import dev.recaudo.e2e.support.Sql;
import dev.recaudo.e2e.support.Tenants;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Pays part of a public invoice the way a partner would: through the integrations API, as a
 * verified payment of the invoice's customer (linked by its tax identity) listing the invoice.
 * The public invoice API itself never makes partial payments; the states table still says what
 * they forbid.
 */
final class PartialPayments {

    private static final Map<String, Tenants.Key> INTEGRATION_KEYS = new ConcurrentHashMap<>();

    private PartialPayments() {}

    static void apply(Tenants.Key invoiceKey, String invoiceId, long amountMinor) {
        String environment = invoiceKey.secret().startsWith("rk_test_") ? "test" : "live";
        Tenants.Key key = INTEGRATION_KEYS.computeIfAbsent(invoiceKey.company().id() + environment,
                unused -> invoiceKey.company().createKey(Map.of("name", "erp integration", "environment", environment,
                        "source", "erp", "permissions", List.of("customers:write", "verified_payments:write"))));
        String externalDocumentId = Sql.text("SELECT external_document_id FROM collection_documents WHERE id = ?::uuid", invoiceId);
        String reference = Sql.text("SELECT reference FROM collection_documents WHERE id = ?::uuid", invoiceId);
        String base = "/integrations/v1/" + key.company().id();
        Integrations.post(key, base + "/customers/upsert", "{\"source\":\"erp\",\"externalCustomerId\":\"tax-" + reference.hashCode()
                + "\",\"name\":\"Cliente\",\"taxId\":\"" + reference + "\"}").then().statusCode(org.hamcrest.Matchers.oneOf(200, 201));
        Integrations.post(key, base + "/verified-payments", "{\"source\":\"erp\",\"externalPaymentId\":\"partial-" + UUID.randomUUID()
                + "\",\"customerExternalId\":\"tax-" + reference.hashCode() + "\",\"amountMinor\":" + amountMinor
                + ",\"currency\":\"USD\",\"verifiedAt\":\"2026-11-22T10:00:00Z\",\"documents\":[{\"externalDocumentId\":\""
                + externalDocumentId + "\",\"amountMinor\":" + amountMinor + "}]}")
                .then().statusCode(200).body("status", org.hamcrest.Matchers.equalTo("applied"));
    }
}

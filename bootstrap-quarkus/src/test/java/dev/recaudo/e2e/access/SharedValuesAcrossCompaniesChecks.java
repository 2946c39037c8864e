package dev.recaudo.e2e.access;

import static org.assertj.core.api.Assertions.assertThat;

import dev.recaudo.e2e.support.ExternalPayments;
import dev.recaudo.e2e.support.Integrations;
import dev.recaudo.e2e.support.Invoices;
import dev.recaudo.e2e.support.Partner;
import dev.recaudo.e2e.support.Tenants;
import io.restassured.response.Response;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/**
 * Values a client chooses, shared by two companies whose partners even have the same name: the same
 * idempotency key never replays or blocks the other company's answer, and the same request id never
 * shows the other company's audit records. (Two partners of one company: PartnerScopeTest and
 * AuditAccessTest.)
 */
public abstract class SharedValuesAcrossCompaniesChecks {

    private static final List<String> PERMISSIONS = List.of("public_invoices:read", "public_invoices:write",
            "customers:write", "collection_documents:read", "collection_documents:write", "payments:create",
            "payments:read");

    private static Tenants.Key partner(String environment) {
        return Tenants.company().createKey(Map.of("name", "erp", "permissions", PERMISSIONS, "source", "erp",
                "environment", environment));
    }

    @Test
    public void givenTwoCompaniesUsingOneIdempotencyKeyWithOneBody_whenEachWrites_thenEachGetsItsOwnAnswer() {
        Tenants.Key a = partner("live");
        Tenants.Key b = partner("live");
        String shared = UUID.randomUUID().toString();

        Response first = Invoices.post(a, Invoices.body(), shared);
        Response second = Invoices.post(b, Invoices.body(), shared);
        assertOwnAnswers(first, second, "id");
        assertThat(Invoices.get(a, second.jsonPath().getString("id")).statusCode()).isEqualTo(404);

        String document = Partner.document("D-1", "C-1", "USD", 1000).replace("acme-erp", "erp");
        assertOwnAnswers(Integrations.post(a, base(a) + "/collection-documents/upsert", document, shared),
                Integrations.post(b, base(b) + "/collection-documents/upsert", document, shared), "invoiceId");
        assertOwnAnswers(Integrations.post(a, base(a) + "/collection-documents/D-1/cancel", "", shared),
                Integrations.post(b, base(b) + "/collection-documents/D-1/cancel", "", shared), "invoiceId");
    }

    @Test
    public void givenTwoCompaniesUsingOneIdempotencyKey_whenEachCreatesAnExternalPayment_thenEachGetsItsOwn() {
        Tenants.Key a = partner("test");
        Tenants.Key b = partner("test");
        String shared = UUID.randomUUID().toString();
        Map<String, Object> body = Map.of("amountMinor", 500, "currency", "USD");
        assertOwnAnswers(ExternalPayments.post(a, "/external/payments", shared, body),
                ExternalPayments.post(b, "/external/payments", shared, body), "id");
    }

    @Test
    public void givenTwoCompaniesChoosingOneRequestId_whenEachReadsTheAudit_thenEachSeesOnlyItsOwnRecord() {
        Tenants.Key a = partner("live");
        Tenants.Key b = partner("live");
        String shared = "shared-" + UUID.randomUUID();
        for (Tenants.Key key : List.of(a, b)) {
            String path = base(key) + "/customers/upsert";
            Integrations.signedPost(key, path, "{\"source\":\"erp\",\"externalCustomerId\":\"C-1\",\"type\":\"business\","
                    + "\"name\":\"Ana\"}").header("Idempotency-Key", UUID.randomUUID().toString())
                    .header("X-Request-Id", shared).post(path).then().statusCode(201);
        }
        for (Tenants.Key key : List.of(a, b)) {
            Response audit = Integrations.get(key, base(key) + "/audit/" + shared);
            assertThat(audit.statusCode()).as(audit.asString()).isEqualTo(200);
            assertThat(audit.jsonPath().getList("records.apiKeyId")).containsExactly(key.id().toString());
        }
    }

    private static String base(Tenants.Key key) {
        return "/integrations/v1/" + key.company().id();
    }

    /** Both created (not replayed), with different objects. */
    private static void assertOwnAnswers(Response first, Response second, String idField) {
        for (Response response : List.of(first, second)) {
            assertThat(response.statusCode()).as(response.asString()).isBetween(200, 201);
            assertThat(response.header("Idempotent-Replayed")).isNull();
        }
        assertThat(second.jsonPath().getString(idField)).isNotEqualTo(first.jsonPath().getString(idField));
    }
}

package dev.recaudo.e2e.integrations;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.equalTo;

import dev.recaudo.e2e.support.Integrations;
import dev.recaudo.e2e.support.Partner;
import dev.recaudo.e2e.support.Sql;
import dev.recaudo.e2e.support.Tenants;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.response.Response;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/**
 * Who may read an audit record: a key with a permission of the integrations family, of the partner
 * and environment that wrote it; and what the record may say: never the name of an internal class.
 */
@QuarkusTest
class AuditAccessTest {

    private static Response upsertWithRequestId(Tenants.Key key, String source, String requestId) {
        String path = "/integrations/v1/" + key.company().id() + "/collection-documents/upsert";
        String body = Partner.document(Partner.unique("D"), "C-1", "USD", 100).replace("acme-erp", source);
        return Integrations.signedPost(key, path, body).header("Idempotency-Key", UUID.randomUUID().toString())
                .header("X-Request-Id", requestId).post(path);
    }

    private static Response audit(Tenants.Key key, String requestId) {
        return Integrations.get(key, "/integrations/v1/" + key.company().id() + "/audit/" + requestId);
    }

    @Test
    void givenKeyWithoutAnIntegrationsPermission_whenReadingTheAudit_then403ButAnyOnePermissionOfTheFamilyReads() {
        Partner partner = Partner.create();
        String requestId = partner.post("/collection-documents/upsert", Partner.document("A", "C-1", "USD", 100))
                .then().statusCode(201).extract().header("X-Request-Id");
        Tenants.Key messaging = partner.key.company().key("messaging", List.of("whatsapp_events:read"), "acme-erp");
        audit(messaging, requestId).then().statusCode(403).body("error.code", equalTo("forbidden"));
        for (String permission : Partner.ALL) {
            Tenants.Key reader = partner.key.company().key("reader " + permission, List.of(permission), "acme-erp");
            audit(reader, requestId).then().statusCode(200).body("records[0].outcome", equalTo("created"));
            given().auth().oauth2(partner.key.company().adminToken()) // stay under five active keys
                    .delete("/companies/{companyId}/api-keys/{keyId}", partner.key.company().id(), reader.id())
                    .then().statusCode(204);
        }
    }

    @Test
    void givenTwoPartnersOfOneCompany_whenOneReadsTheOthersRequestId_then404() {
        Partner first = Partner.create();
        Tenants.Key second = first.key.company().key("second", Partner.ALL, "other-erp");
        String requestId = first.post("/collection-documents/upsert", Partner.document("A", "C-1", "USD", 100))
                .then().statusCode(201).extract().header("X-Request-Id");
        audit(second, requestId).then().statusCode(404).body("error.code", equalTo("not_found"));
        audit(first.key, requestId).then().statusCode(200);
    }

    @Test
    void givenTwoPartnersChoosingTheSameRequestId_whenEachReads_thenEachSeesOnlyItsOwnRecord() {
        Partner first = Partner.create();
        Tenants.Key second = first.key.company().key("second", Partner.ALL, "other-erp");
        String shared = "shared-" + UUID.randomUUID();
        upsertWithRequestId(first.key, "acme-erp", shared).then().statusCode(201);
        upsertWithRequestId(second, "other-erp", shared).then().statusCode(201);
        audit(first.key, shared).then().statusCode(200)
                .body("records.size()", equalTo(1))
                .body("records[0].apiKeyId", equalTo(first.key.id().toString()));
        audit(second, shared).then().statusCode(200)
                .body("records.size()", equalTo(1))
                .body("records[0].apiKeyId", equalTo(second.id().toString()));
    }

    @Test
    void givenLiveAndTestKeysOfOnePartner_whenReadingEachOthersRecords_then404() {
        Partner live = Partner.create();
        Tenants.Key test = live.key.company().createKey(
                Map.of("name", "test", "permissions", Partner.ALL, "source", "acme-erp", "environment", "test"));
        String liveRequest = upsertWithRequestId(live.key, "acme-erp", "live-" + UUID.randomUUID())
                .then().statusCode(201).extract().header("X-Request-Id");
        String testRequest = upsertWithRequestId(test, "acme-erp", "test-" + UUID.randomUUID())
                .then().statusCode(201).extract().header("X-Request-Id");
        audit(test, liveRequest).then().statusCode(404);
        audit(live.key, testRequest).then().statusCode(404);
        audit(test, testRequest).then().statusCode(200).body("records[0].test", equalTo(true));
    }

    @Test
    void givenKeysWithoutSource_whenReadingEachOthersRecords_thenEachIsAPartnerOfItsOwn() {
        Tenants.Company company = Tenants.company();
        Tenants.Key first = company.createKey(Map.of("name", "no source 1", "permissions", Partner.ALL));
        Tenants.Key second = company.createKey(Map.of("name", "no source 2", "permissions", Partner.ALL));
        Tenants.Key partner = company.key("partner", Partner.ALL, "acme-erp");
        // A key without a source cannot write partner records: the refusal is audited all the same.
        String requestId = upsertWithRequestId(first, "acme-erp", "sourceless-" + UUID.randomUUID())
                .then().statusCode(403).extract().header("X-Request-Id");
        audit(first, requestId).then().statusCode(200).body("records[0].outcome", equalTo("source_mismatch"));
        audit(second, requestId).then().statusCode(404);
        audit(partner, requestId).then().statusCode(404);
    }

    @Test
    void givenAFailureOfAnUnexpectedKind_whenPayingAndReadingTheAudit_thenNoInternalClassNameIsShown() {
        Partner partner = Partner.create();
        partner.createDocument("A", "C-1", "USD", 1000);
        partner.pay("P-1", "C-1", 1000, "USD", "A", 1000).then().statusCode(200).body("status", equalTo("applied"));
        // A row the code cannot read makes the repeat fail inside the service, outside the database.
        Sql.execute("UPDATE payments SET outcome = 'unreadable' WHERE company_id = ? AND external_payment_id = 'P-1'",
                partner.key.company().id());
        Response failed = partner.pay("P-1", "C-1", 1000, "USD", "A", 1000);
        failed.then().statusCode(500).body("status", equalTo("failed"));
        String answer = audit(partner.key, failed.header("X-Request-Id")).then().statusCode(200)
                .body("records[0].outcome", equalTo("failed"))
                .extract().asString();
        assertThat(failed.asString() + answer)
                .doesNotContain("Exception", "java.", "dev.recaudo", "IllegalArgument", "Error:");
        assertThat(answer).contains("nothing was kept");
    }
}

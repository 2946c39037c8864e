package dev.recaudo.e2e.idempotency;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.equalTo;

import dev.recaudo.application.idempotency.IdempotentExecution;
import dev.recaudo.application.idempotency.IdempotentExecution.Outcome;
import dev.recaudo.application.idempotency.WorkAnswer;
import dev.recaudo.domain.apikey.ApiKey;
import dev.recaudo.domain.apikey.ApiKeyId;
import dev.recaudo.domain.apikey.ApiKeyRepository;
import dev.recaudo.domain.company.CompanyId;
import dev.recaudo.domain.idempotency.IdempotencyScope;
import dev.recaudo.domain.idempotency.IdempotencyStore.StoredResponse;
import dev.recaudo.domain.idempotency.RequestFingerprint;
import dev.recaudo.e2e.support.Invoices;
import dev.recaudo.e2e.support.Partner;
import dev.recaudo.e2e.support.Sql;
import dev.recaudo.e2e.support.Tenants;
import dev.recaudo.rest.common.Fingerprints;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import io.restassured.response.Response;
import jakarta.inject.Inject;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.time.Duration;
import java.time.Instant;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/**
 * The stored side of idempotency: the scope of keys without a source (no endpoint lets such a key
 * write, so the store is driven directly), records stored before fingerprints were versioned, and
 * a body whose number would once have exhausted the heap.
 */
@QuarkusTest
class IdempotencyRecordsTest {

    private static final String OPERATION = "test.lineage";

    @Inject
    IdempotentExecution execution;

    @Inject
    ApiKeyRepository keys;

    private ApiKey stored(Tenants.Company company, UUID keyId) {
        return keys.find(new CompanyId(company.id()), new ApiKeyId(keyId)).orElseThrow().key();
    }

    private static UUID rotate(Tenants.Company company, UUID keyId) {
        return UUID.fromString(given().auth().oauth2(company.adminToken())
                .post("/companies/{id}/api-keys/{keyId}/rotate", company.id(), keyId)
                .then().statusCode(201).extract().path("id"));
    }

    private Outcome execute(ApiKey key, String idempotencyKey, String answer) {
        IdempotencyScope scope = IdempotencyScope.of(key);
        RequestFingerprint fingerprint = Fingerprints.of(scope, Map.of(), null);
        return execution.execute(scope, OPERATION, idempotencyKey, fingerprint, Optional.empty(),
                () -> WorkAnswer.unaudited(new StoredResponse(200, answer)));
    }

    /** The digest stored before fingerprints were versioned: SHA-256 of the old canonical text, written out by hand. */
    private static String legacyDigest(String canonical) throws Exception {
        return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(canonical.getBytes(StandardCharsets.UTF_8)));
    }

    private static void givenLegacyRecord(Partner partner, String operation, String idempotencyKey, String fingerprint,
            int status, String answer) {
        Sql.execute("INSERT INTO idempotency_records (company_id, is_test, partner, operation, idempotency_key, fingerprint,"
                        + " response_status, response_body, created_at, completed_at) VALUES (?, false, 'source:acme-erp', ?, ?, ?,"
                        + " ?, ?, now(), now())",
                partner.key.company().id(), operation, idempotencyKey, fingerprint, status, answer);
    }

    @Test
    void givenKeyWithoutSource_whenItsRotatedReplacementRepeatsAKey_thenReplayedButAnotherSourcelessKeyIsItsOwnScope() {
        Tenants.Company company = Tenants.company();
        Tenants.Key original = company.createKey(Map.of("name", "reader", "permissions", List.of("payments:read")));
        Tenants.Key unrelated = company.createKey(Map.of("name", "other", "permissions", List.of("payments:read")));
        UUID replacement = rotate(company, rotate(company, original.id()));
        String key = UUID.randomUUID().toString();

        Outcome first = execute(stored(company, original.id()), key, "{\"n\":1}");
        Outcome retried = execute(stored(company, replacement), key, "{\"n\":2}");
        Outcome other = execute(stored(company, unrelated.id()), key, "{\"n\":3}");

        assertThat(first).isEqualTo(new Outcome.Executed(new StoredResponse(200, "{\"n\":1}")));
        assertThat(retried).isEqualTo(new Outcome.Replayed(new StoredResponse(200, "{\"n\":1}")));
        assertThat(other).isEqualTo(new Outcome.Executed(new StoredResponse(200, "{\"n\":3}")));
        assertThat(Sql.text("SELECT partner FROM idempotency_records WHERE idempotency_key = ? AND response_body = '{\"n\":1}'",
                key)).isEqualTo("lineage:" + original.id());
    }

    @Test
    void givenUpsertRecordedBeforeVersionedFingerprints_whenTheSameBodyComesAgain_thenItsStoredAnswerReplays() throws Exception {
        Partner partner = Partner.create();
        String key = UUID.randomUUID().toString();
        String stored = "{\"source\":\"acme-erp\",\"externalDocumentId\":\"LEGACY-1\",\"note\":\"stored before v2\"}";
        givenLegacyRecord(partner, "integrations.collection_documents.upsert", key, legacyDigest(
                "{\"currency\":\"USD\",\"customer\":{\"name\":\"Cliente C-1\",\"type\":\"business\"},\"customerExternalId\":\"C-1\","
                        + "\"externalDocumentId\":\"LEGACY-1\",\"invoiceNumber\":\"F-LEGACY-1\",\"lines\":[{\"amountMinor\":1000,"
                        + "\"description\":\"Servicio\",\"quantity\":1,\"unitAmountMinor\":1000}],\"source\":\"acme-erp\"}"),
                201, stored);

        Response replay = partner.post("/collection-documents/upsert", Partner.document("LEGACY-1", "C-1", "USD", 1000), key);

        replay.then().statusCode(201);
        assertThat(replay.asString()).isEqualTo(stored);
        partner.get("/collection-documents/LEGACY-1").then().statusCode(404);
        partner.post("/collection-documents/upsert", Partner.document("LEGACY-1", "C-1", "USD", 999), key).then().statusCode(409)
                .body("error.code", equalTo("idempotency_conflict"));
    }

    @Test
    void givenCancelRecordedBeforeVersionedFingerprints_whenTheSameDocumentIsCanceledAgain_thenItsStoredAnswerReplays()
            throws Exception {
        Partner partner = Partner.create();
        partner.createDocument("DC-1", "C-1", "USD", 1000);
        String key = UUID.randomUUID().toString();
        String stored = "{\"source\":\"acme-erp\",\"externalDocumentId\":\"DC-1\",\"status\":\"canceled\"}";
        givenLegacyRecord(partner, "integrations.collection_documents.cancel", key,
                legacyDigest("{\"externalDocumentId\":\"DC-1\"}"), 200, stored);

        Response replay = partner.post("/collection-documents/DC-1/cancel", "", key);

        replay.then().statusCode(200);
        assertThat(replay.asString()).isEqualTo(stored);
        partner.get("/collection-documents/DC-1").then().body("status", equalTo("open"));
    }

    @Test
    void givenNumberWithAHugeExponentInMetadata_whenCreatingAnInvoice_thenAnsweredPromptlyWithoutAServerError() {
        Tenants.Key key = Invoices.liveKey(Tenants.company());
        String body = "{\"reference\":\"V-12.345.678\",\"provider\":\"erp\",\"amount\":20,\"name\":\"Factura 0001\","
                + "\"metadata\":{\"x\":1e999999999}}";
        Instant start = Instant.now();

        int status = given().auth().oauth2(key.secret()).header("x-idempotency", UUID.randomUUID().toString())
                .contentType(ContentType.JSON).body(body).post("/v1/invoices").statusCode();

        assertThat(status).isLessThan(500);
        assertThat(Duration.between(start, Instant.now())).isLessThan(Duration.ofSeconds(5));
    }
}

package dev.recaudo.e2e.operations;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.startsWith;

import dev.recaudo.e2e.support.Invoices;
import dev.recaudo.e2e.support.Partner;
import dev.recaudo.e2e.support.Sql;
import dev.recaudo.e2e.support.Tenants;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import io.restassured.response.Response;
import java.lang.management.ManagementFactory;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.UUID;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;

/**
 * Numbers, nesting and strings a request body may hold (docs/decisions.md, "Numbers in request
 * bodies"): a hostile value anywhere in the body, opaque {@code metadata} and ignored properties
 * included, is refused in the family's envelope with its path, at once, and nothing is written.
 * Accepted metadata comes back with its numbers spelled as sent.
 */
@QuarkusTest
class JsonBodyBoundsTest {

    /** Long enough for a slow shared machine, far too short to expand a number of a billion digits. */
    private static final Duration ANSWER_TIME_MAX = Duration.ofSeconds(1);
    /** Room for the collector's own noise; one expanded number would take hundreds of megabytes. */
    private static final long HEAP_GROWTH_MAX_BYTES = 64L * 1024 * 1024;

    /** Each hostile value, placed at {@code x}, and the start of the path the answer must name. */
    private static Map<String, String> hostileValues(String at) {
        Map<String, String> values = new LinkedHashMap<>();
        for (String number : new String[] {"1e999999999", "1e-999999999", "1e100000000", "1e2147483647", "-1e-2147483648",
                "1.8e308", "2.2e-308", "0e-309", "1" + "0".repeat(101)}) {
            values.put(number, at);
        }
        values.put("[".repeat(40) + "]".repeat(40), at + "[0]");
        values.put("\"" + "x".repeat(200_000) + "\"", at);
        return values;
    }

    private static Response timed(Supplier<Response> call) {
        long started = System.nanoTime();
        Response response = call.get();
        assertThat(Duration.ofNanos(System.nanoTime() - started)).isLessThan(ANSWER_TIME_MAX);
        return response;
    }

    /** The public answer to a hostile value: at once, 422 10001, its path the only key of {@code errors}. */
    private static void assertPublicRefusal(String value, String path, Supplier<Response> call) {
        Response response = timed(call);
        String shown = value.substring(0, Math.min(20, value.length()));
        assertThat(response.statusCode()).as(shown).isEqualTo(422);
        assertThat(response.jsonPath().getInt("code")).as(shown).isEqualTo(10001);
        assertThat(response.jsonPath().getMap("errors").keySet()).as(shown).singleElement().asString().startsWith(path);
        assertThat(response.asString()).doesNotContain("Exception").doesNotContain("jackson").doesNotContain("StreamRead");
    }

    /** The integrations answer to a hostile value: at once, 400 validation_error, the message starting with its path. */
    private static void assertIntegrationsRefusal(String value, String path, Supplier<Response> call) {
        Response response = timed(call);
        String shown = value.substring(0, Math.min(20, value.length()));
        assertThat(response.statusCode()).as(shown).isEqualTo(400);
        assertThat(response.jsonPath().getString("error.code")).as(shown).isEqualTo("validation_error");
        assertThat(response.jsonPath().getString("error.message")).as(shown).startsWith(path);
    }

    private static String invoice(String metadata) {
        return "{\"reference\":\"V-12.345.678\",\"provider\":\"erp\",\"amount\":20,\"name\":\"Factura 0001\","
                + "\"metadata\":" + metadata + "}";
    }

    private static String document(String externalDocumentId, String metadata) {
        String body = Partner.document(externalDocumentId, "C-1", "USD", 1000);
        return body.substring(0, body.length() - 1) + ",\"metadata\":" + metadata + "}";
    }

    @Test
    void givenHostileValueInInvoiceMetadata_whenCreating_then422NamingItsPathAtOnceAndNothingWritten() {
        Tenants.Key key = Invoices.liveKey(Tenants.company());
        hostileValues("metadata.x").forEach((value, path) -> assertPublicRefusal(value, path,
                () -> given().auth().oauth2(key.secret()).header("x-idempotency", UUID.randomUUID())
                        .contentType(ContentType.JSON).body(invoice("{\"x\":" + value + "}")).post("/v1/invoices")));
        assertThat(Sql.count("SELECT count(*) FROM collection_documents WHERE company_id = ?", key.company().id())).isZero();
    }

    /**
     * The service runs in this JVM, so its heap is measured here: fifty numbers that would each expand
     * to a billion digits leave it as it was (before the limits, one of them took about a gigabyte).
     */
    @Test
    void givenManyHostileNumbers_whenSent_thenTheHeapStaysFlat() {
        Tenants.Key key = Invoices.liveKey(Tenants.company());
        long before = heapUsedAfterCollection();
        for (int i = 0; i < 50; i++) {
            given().auth().oauth2(key.secret()).header("x-idempotency", UUID.randomUUID()).contentType(ContentType.JSON)
                    .body(invoice("{\"x\":1e999999999,\"y\":-1e-2147483648}")).post("/v1/invoices").then().statusCode(422);
        }
        assertThat(heapUsedAfterCollection() - before).isLessThan(HEAP_GROWTH_MAX_BYTES);
    }

    private static long heapUsedAfterCollection() {
        System.gc();
        return ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed();
    }

    @Test
    void givenHostileValueInDocumentMetadata_whenUpserting_then400NamingItsPathAtOnceAndNothingWritten() {
        Partner partner = Partner.create();
        hostileValues("metadata.x").forEach((value, path) -> assertIntegrationsRefusal(value, path,
                () -> partner.post("/collection-documents/upsert", document("D-1", "{\"x\":" + value + "}"))));
        partner.get("/collection-documents/D-1").then().statusCode(404);
        assertThat(Sql.count("SELECT count(*) FROM customers WHERE company_id = ?", partner.key.company().id())).isZero();
    }

    @Test
    void givenHostileValueInAnIgnoredPropertyOfAVerifiedPayment_whenPaying_then400NamingItAtOnceAndNothingWritten() {
        Partner partner = Partner.create();
        partner.createDocument("A", "C-1", "USD", 1000);
        String payment = Partner.payment("P-1", "C-1", 1000, "USD", "A", 1000);
        hostileValues("legacy.x").forEach((value, path) -> assertIntegrationsRefusal(value, path, () -> partner.post(
                "/verified-payments", payment.substring(0, payment.length() - 1) + ",\"legacy\":{\"x\":" + value + "}}")));
        partner.get("/payments/P-1").then().statusCode(404);
        assertThat(Sql.count("SELECT count(*) FROM payments WHERE company_id = ?", partner.key.company().id())).isZero();
    }

    @Test
    void givenValuesBeyondTheLimitsInOtherBodies_whenSent_thenTheFamilysValidationAnswerNeverA500() {
        Tenants.Company company = Tenants.company();
        String keys = "/companies/" + company.id() + "/api-keys";
        for (String body : new String[] {"{\"name\":\"k\",\"rateLimitRpm\":1" + "0".repeat(101) + "}",
                "{\"name\":\"" + "k".repeat(20_000) + "\"}"}) {
            Response response = timed(() -> given().auth().oauth2(company.adminToken()).contentType(ContentType.JSON)
                    .body(body).post(keys));
            assertThat(response.statusCode()).isEqualTo(422);
            assertThat(response.jsonPath().getInt("code")).isEqualTo(10001);
        }
        given().auth().oauth2(Tenants.OPERATOR_TOKEN).contentType(ContentType.JSON)
                .body("{\"enabled\":false,\"x\":1e999999999}").patch("/operator/companies/{id}", company.id())
                .then().statusCode(422).body("errors.x[0]", startsWith("is out of range"));
        Tenants.Key key = Invoices.liveKey(company);
        String id = Invoices.create(key).getString("id");
        given().auth().oauth2(key.secret()).contentType(ContentType.JSON)
                .body("{\"reason\":\"DELETE_FROM_PROVIDER\",\"note\":-1e-2147483648}").delete("/v1/invoices/{id}", id)
                .then().statusCode(422).body("errors.note[0]", startsWith("is out of range"));
        Invoices.get(key, id).then().statusCode(200).body("status", equalTo("CREATED"));
    }

    @Test
    void givenNumbersInMetadata_whenReadBack_thenSpelledAsSent() {
        String metadata = "{\"price\":1.50,\"big\":1e5,\"upper\":2.5E-3,\"signed\":1e+2,\"negativeZero\":-0.0,"
                + "\"zeros\":0.000,\"long\":123456789012345678901234567890,\"list\":[1.0e1,7],"
                + "\"largestDouble\":1.7976931348623157e308,\"smallestNormalDouble\":2.2250738585072014e-308}";
        Tenants.Key key = Invoices.liveKey(Tenants.company());
        Response created = given().auth().oauth2(key.secret()).header("x-idempotency", UUID.randomUUID())
                .contentType(ContentType.JSON).body(invoice(metadata)).post("/v1/invoices");
        assertThat(created.statusCode()).isEqualTo(201);
        assertThat(created.asString()).contains("\"metadata\":" + metadata);
        assertThat(Invoices.get(key, created.jsonPath().getString("id")).asString()).contains("\"metadata\":" + metadata);

        Partner partner = Partner.create();
        Response upserted = partner.post("/collection-documents/upsert", document("D-2", metadata));
        assertThat(upserted.statusCode()).isEqualTo(201);
        assertThat(upserted.asString()).contains("\"metadata\":" + metadata);
        assertThat(partner.get("/collection-documents/D-2").asString()).contains("\"metadata\":" + metadata);
    }
}

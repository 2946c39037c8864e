package dev.recaudo.e2e.invoices;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasKey;
import static org.hamcrest.Matchers.notNullValue;
import static org.hamcrest.Matchers.nullValue;

import dev.recaudo.e2e.support.Invoices;
import dev.recaudo.e2e.support.Sql;
import dev.recaudo.e2e.support.Tenants;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import io.restassured.path.json.JsonPath;
import io.restassured.response.Response;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;

@QuarkusTest
class InvoiceCreateTest {

    private static Map<String, Object> with(String field, Object value) {
        Map<String, Object> body = Invoices.body();
        body.put(field, value);
        return body;
    }

    private static void refused(Tenants.Key key, Map<String, Object> body, String field) {
        Invoices.post(key, body).then().statusCode(422)
                .body("code", equalTo(10001))
                .body("code_name", equalTo("validation_error"))
                .body("errors", hasKey(field));
    }

    @Test
    void givenValidBody_whenCreating_thenInvoiceWithCheckoutForFullBalanceAndEveryField() {
        Tenants.Key key = Invoices.liveKey(Tenants.company());
        Map<String, Object> body = Invoices.body();
        body.put("amount", 1234.5);
        body.put("provider_id", "FAC-0001");
        body.put("description", "Servicio de internet de noviembre");
        body.put("phone", "+584125550101");
        body.put("email", "  ana@example.com  ");
        body.put("due_date", "2026-12-31");
        JsonPath invoice = Invoices.post(key, body).then().statusCode(201)
                .body("status", equalTo("CREATED"))
                .body("amount", equalTo(1234.5f))
                .body("provider", equalTo("erp"))
                .body("provider_id", equalTo("FAC-0001"))
                .body("reference", equalTo("V-12.345.678"))
                .body("email", equalTo("ana@example.com"))
                .body("due_date", equalTo("2026-12-31"))
                .body("is_test", equalTo(false))
                .body("partial_payment_config", nullValue())
                .body("payment_id", nullValue())
                .body("metadata", nullValue())
                .body("payment.status", equalTo("PENDING"))
                .body("payment.amount", equalTo(1234.5f))
                .body("payment.currency", equalTo("USD"))
                .body("payment.allows.cards", notNullValue())
                .body("payment.splits.size()", equalTo(0))
                .extract().jsonPath();
        for (String field : List.of("id", "name", "description", "amount", "provider", "provider_id", "reference", "status",
                "remarks", "metadata", "due_date", "created_at", "updated_at", "payment_id", "is_test",
                "partial_payment_config", "payment")) {
            assertThat(invoice.getMap("")).containsKey(field);
        }
        for (String field : List.of("id", "source", "currency", "amount", "amount_label", "title", "description", "phone",
                "expiration_at", "due_date", "document_link", "external_id", "allows", "status", "is_test", "created_at",
                "paid_at", "payment_link", "redirect_url", "provider_id", "metadata", "customer", "method", "splits",
                "company", "commission")) {
            assertThat(invoice.getMap("payment")).containsKey(field);
        }
        assertThat(invoice.getString("payment.payment_link"))
                .isEqualTo("http://localhost:8080/pay/" + invoice.getString("payment.id"));
        String id = invoice.getString("id");
        assertThat(Invoices.receivableMinor(id)).isEqualTo(123450);
        assertThat(Invoices.balanceMinor(id)).isEqualTo(123450);
        Invoices.get(key, id).then().statusCode(200).body("payment.id", equalTo(invoice.getString("payment.id")));
    }

    @Test
    void givenMetadataAndOddReference_whenCreating_thenBothReturnedExactlyAsSent() {
        Tenants.Key key = Invoices.liveKey(Tenants.company());
        String raw = "{\"reference\":\" j-40.123.456-7 \",\"provider\":\"erp\",\"amount\":5,\"name\":\"Cuota\","
                + "\"metadata\":{\"zeta\":1.50,\"alpha\":[true,null,\"x\"],\"nested\":{\"b\":2,\"a\":1}}}";
        Response created = given().auth().oauth2(key.secret()).header("x-idempotency", UUID.randomUUID().toString())
                .contentType(ContentType.JSON).body(raw).post("/v1/invoices");
        created.then().statusCode(201).body("reference", equalTo(" j-40.123.456-7 "));
        assertThat(created.asString()).contains("\"metadata\":{\"zeta\":1.50,\"alpha\":[true,null,\"x\"],\"nested\":{\"b\":2,\"a\":1}}");
        String fetched = Invoices.get(key, created.jsonPath().getString("id")).asString();
        assertThat(fetched).contains("\"metadata\":{\"zeta\":1.50,\"alpha\":[true,null,\"x\"],\"nested\":{\"b\":2,\"a\":1}}");
    }

    @Test
    void givenAmountBoundaries_whenCreating_thenOnlyCentsFromOneCentToAMillionAccepted() {
        Tenants.Key key = Invoices.liveKey(Tenants.company());
        Invoices.post(key, with("amount", 0.01)).then().statusCode(201).body("amount", equalTo(0.01f));
        Invoices.post(key, with("amount", 1000000)).then().statusCode(201);
        Invoices.post(key, with("amount", new java.math.BigDecimal("999999.99"))).then().statusCode(201);
        for (Object amount : List.of(new java.math.BigDecimal("0.001"), 0, new java.math.BigDecimal("1000000.01"), -5,
                new java.math.BigDecimal("20.105"), "20", true)) {
            refused(key, with("amount", amount), "amount");
        }
        Map<String, Object> missing = Invoices.body();
        missing.remove("amount");
        refused(key, missing, "amount");
        String exact = Invoices.create(key, with("amount", new java.math.BigDecimal("0.29"))).getString("id");
        assertThat(Invoices.balanceMinor(exact)).isEqualTo(29);
    }

    @Test
    void givenStringBoundaries_whenCreating_thenLengthsEnforced() {
        Tenants.Key key = Invoices.liveKey(Tenants.company());
        Invoices.post(key, with("name", "ab")).then().statusCode(201);
        Invoices.post(key, with("name", "x".repeat(100))).then().statusCode(201);
        refused(key, with("name", "a"), "name");
        refused(key, with("name", "x".repeat(101)), "name");
        Invoices.post(key, with("reference", "7")).then().statusCode(201);
        Invoices.post(key, with("reference", "7".repeat(255))).then().statusCode(201);
        refused(key, with("reference", ""), "reference");
        refused(key, with("reference", "7".repeat(256)), "reference");
        refused(key, with("reference", "-.-"), "reference");
        Invoices.post(key, with("provider_id", "p")).then().statusCode(201);
        refused(key, with("provider_id", ""), "provider_id");
        refused(key, with("provider_id", "p".repeat(256)), "provider_id");
        Invoices.post(key, with("description", "abcd")).then().statusCode(201);
        Invoices.post(key, with("description", "d".repeat(2000))).then().statusCode(201);
        refused(key, with("description", "abc"), "description");
        refused(key, with("description", "d".repeat(2001)), "description");
        refused(key, with("provider", "x".repeat(65)), "provider");
        refused(key, with("name", 12), "name");
    }

    @Test
    void givenProviderOfAnotherPartner_whenCreating_then422OnProvider() {
        Tenants.Key key = Invoices.liveKey(Tenants.company());
        refused(key, with("provider", "someone-else"), "provider");
    }

    @Test
    void givenPhoneEmailDateAndMetadataRules_whenCreating_thenEachEnforced() {
        Tenants.Key key = Invoices.liveKey(Tenants.company());
        Invoices.post(key, with("phone", "+12345678")).then().statusCode(201);
        Invoices.post(key, with("phone", "+123456789012345")).then().statusCode(201);
        for (String phone : List.of("12345678", "+0234567890", "+1234567", "+1234567890123456", "+58 412 5550101")) {
            refused(key, with("phone", phone), "phone");
        }
        Invoices.post(key, with("email", "   ")).then().statusCode(201).body("email", nullValue());
        Invoices.post(key, with("email", "")).then().statusCode(201).body("email", nullValue());
        refused(key, with("email", "not-an-email"), "email");
        refused(key, with("email", "a".repeat(190) + "@example.com"), "email");
        Invoices.post(key, with("due_date", "2028-02-29")).then().statusCode(201).body("due_date", equalTo("2028-02-29"));
        for (String date : List.of("2026-02-30", "2026-13-01", "2026/12/01", "31-12-2026", "2026-12-01T00:00:00Z")) {
            refused(key, with("due_date", date), "due_date");
        }
        refused(key, with("metadata", List.of(1, 2)), "metadata");
        refused(key, with("metadata", "text"), "metadata");
    }

    @Test
    void givenNoIdempotencyKey_whenCreating_then422AndNothingWritten() {
        Tenants.Company company = Tenants.company();
        Tenants.Key key = Invoices.liveKey(company);
        given().auth().oauth2(key.secret()).contentType(ContentType.JSON).body(Invoices.body()).post("/v1/invoices")
                .then().statusCode(422).body("errors", hasKey("x-idempotency"));
        given().auth().oauth2(key.secret()).header("x-idempotency", "k".repeat(256)).contentType(ContentType.JSON)
                .body(Invoices.body()).post("/v1/invoices")
                .then().statusCode(422).body("errors.x-idempotency[0]", equalTo("must have at most 255 characters"));
        assertThat(Sql.count("SELECT count(*) FROM collection_documents WHERE company_id = ?", company.id())).isZero();
    }

    @Test
    void givenSameKey_whenRepeatingSameOrOtherBody_thenReplayOr10003() {
        Tenants.Key key = Invoices.liveKey(Tenants.company());
        String idempotencyKey = UUID.randomUUID().toString();
        Response first = Invoices.post(key, Invoices.body(), idempotencyKey);
        first.then().statusCode(201);
        String reordered = "{\"name\":\"Factura 0001\",\"amount\":20.00,\"provider\":\"erp\",\"reference\":\"V-12.345.678\"}";
        Response replay = given().auth().oauth2(key.secret()).header("x-idempotency", idempotencyKey)
                .contentType(ContentType.JSON).body(reordered).post("/v1/invoices");
        replay.then().statusCode(201).header("Idempotent-Replayed", "true");
        assertThat(replay.asString()).isEqualTo(first.asString());
        Invoices.post(key, with("amount", 21), idempotencyKey).then().statusCode(409)
                .body("code", equalTo(10003))
                .body("code_name", equalTo("idempotency_error"));
    }

    @Test
    void givenKeyScopedToCompany_whenOtherCompanyUsesSameKey_thenIndependentDocuments() {
        Tenants.Key first = Invoices.liveKey(Tenants.company());
        Tenants.Key second = Invoices.liveKey(Tenants.company());
        String shared = UUID.randomUUID().toString();
        String a = Invoices.post(first, Invoices.body(), shared).then().statusCode(201).extract().path("id");
        String b = Invoices.post(second, with("amount", 99), shared).then().statusCode(201).extract().path("id");
        assertThat(a).isNotEqualTo(b);
    }

    @Test
    void givenProviderIdTaken_whenCreatingWithAnotherKey_then409AndNoSecondDocument() {
        Tenants.Company company = Tenants.company();
        Tenants.Key key = Invoices.liveKey(company);
        Invoices.post(key, with("provider_id", "FAC-9")).then().statusCode(201);
        Invoices.post(key, with("provider_id", "FAC-9")).then().statusCode(409)
                .body("code", equalTo(10009))
                .body("errors", hasKey("provider_id"));
        assertThat(Sql.count("SELECT count(*) FROM collection_documents WHERE company_id = ?", company.id())).isEqualTo(1);
        assertThat(Sql.count("SELECT count(*) FROM checkouts WHERE company_id = ?", company.id())).isEqualTo(1);
    }

    @Test
    void givenCompanyWithoutReferenceCurrency_whenWriting_then503Code10103() {
        Tenants.Company company = Tenants.company(null);
        Tenants.Key key = Invoices.liveKey(company);
        Invoices.post(key, Invoices.body()).then().statusCode(503)
                .body("code", equalTo(10103))
                .body("code_name", equalTo("service_unavailable"))
                .body("errors", hasKey("configuration"));
        Invoices.put(key, UUID.randomUUID().toString(), Invoices.replacement(20)).then().statusCode(503);
        Invoices.delete(key, UUID.randomUUID().toString()).then().statusCode(503);
    }

    @Test
    void givenTestAndLiveKeys_whenReading_thenEachSeesOnlyItsEnvironment() {
        Tenants.Company company = Tenants.company();
        Tenants.Key live = Invoices.liveKey(company);
        Tenants.Key test = Invoices.testKey(company);
        String testInvoice = Invoices.create(test).getString("id");
        Invoices.get(test, testInvoice).then().statusCode(200).body("is_test", equalTo(true));
        Invoices.get(live, testInvoice).then().statusCode(404).body("code", equalTo(10004));
        given().auth().oauth2(live.secret()).get("/v1/invoices").then().body("total", equalTo(0));
        given().auth().oauth2(test.secret()).get("/v1/invoices").then().body("total", equalTo(1));
    }

    @Test
    void givenInvoiceOfAnotherCompany_whenReading_then404ExactlyLikeAMissingOne() {
        Tenants.Key owner = Invoices.liveKey(Tenants.company());
        Tenants.Key stranger = Invoices.liveKey(Tenants.company());
        String id = Invoices.create(owner).getString("id");
        String foreign = Invoices.get(stranger, id).then().statusCode(404).body("code", equalTo(10004)).extract().asString();
        String missing = Invoices.get(stranger, UUID.randomUUID().toString()).then().statusCode(404).extract().asString();
        assertThat(foreign).isEqualTo(missing);
        Invoices.put(stranger, id, Invoices.replacement(5)).then().statusCode(404);
        Invoices.delete(stranger, id).then().statusCode(404);
        Invoices.get(owner, "not-a-uuid").then().statusCode(404).body("code", equalTo(10004));
    }

    @Test
    void givenInvoices_whenListing_thenPagedFilteredAndSorted() {
        Tenants.Key key = Invoices.liveKey(Tenants.company());
        List<String> ids = new java.util.ArrayList<>();
        for (int i = 0; i < 5; i++) {
            ids.add(Invoices.create(key, with("name", "Factura " + i)).getString("id"));
        }
        Invoices.delete(key, ids.get(0)).then().statusCode(204);
        given().auth().oauth2(key.secret()).queryParam("per_page", 2).queryParam("page", 2).get("/v1/invoices")
                .then().statusCode(200)
                .body("data.size()", equalTo(2))
                .body("current_page", equalTo(2))
                .body("from", equalTo(3))
                .body("to", equalTo(4))
                .body("last_page", equalTo(3))
                .body("per_page", equalTo(2))
                .body("total", equalTo(5))
                .body("data[0].id", equalTo(ids.get(2)));
        given().auth().oauth2(key.secret()).queryParam("sort", "created_at").get("/v1/invoices")
                .then().body("data[0].id", equalTo(ids.get(0)));
        given().auth().oauth2(key.secret()).queryParam("filter[status]", "DELETE_FROM_PROVIDER").get("/v1/invoices")
                .then().body("total", equalTo(1)).body("data[0].id", equalTo(ids.get(0)))
                .body("data[0].status", equalTo("DELETE_FROM_PROVIDER"));
        given().auth().oauth2(key.secret()).queryParam("page", 9).get("/v1/invoices")
                .then().statusCode(200).body("data.size()", equalTo(0)).body("from", nullValue());
    }

    @Test
    void givenKeyWithoutSource_whenWriting_then403ButReadingWorks() {
        Tenants.Company company = Tenants.company();
        Tenants.Key partner = Invoices.liveKey(company);
        Tenants.Key sourceless = company.createKey(Map.of("name", "reader", "permissions", Invoices.READ_WRITE));
        String id = Invoices.create(partner).getString("id");
        Invoices.post(sourceless, Invoices.body()).then().statusCode(403).body("code", equalTo(10005));
        Invoices.put(sourceless, id, Invoices.replacement(30)).then().statusCode(403);
        Invoices.delete(sourceless, id).then().statusCode(403);
        given().auth().oauth2(sourceless.secret()).delete("/v1/invoices").then().statusCode(403);
        Invoices.get(sourceless, id).then().statusCode(200).body("status", equalTo("CREATED"));
    }

    @Test
    void givenReservedProviderIdPrefix_whenCreating_then422() {
        Tenants.Key key = Invoices.liveKey(Tenants.company());
        refused(key, with("provider_id", "x-idempotency:abc"), "provider_id");
    }

    @Test
    void givenTestKeyOfAnotherPartner_whenUsingSandboxOnAnInvoice_then404() {
        Tenants.Company company = Tenants.company();
        Tenants.Key erp = Invoices.testKey(company);
        Tenants.Key other = company.createKey(Map.of("name", "other partner", "permissions", Invoices.READ_WRITE,
                "source", "other", "environment", "test"));
        JsonPath invoice = Invoices.create(erp);
        Invoices.completeCheckout(other, invoice.getString("payment.id")).then().statusCode(404);
        given().header("X-API-Key", other.secret()).post("/sandbox/invoices/{id}/conciliate", invoice.getString("id"))
                .then().statusCode(404);
        Invoices.completeCheckout(Invoices.liveKey(company), invoice.getString("payment.id")).then().statusCode(403);
        Invoices.completeCheckout(erp, invoice.getString("payment.id")).then().statusCode(200).body("status", equalTo("PAID"));
        Invoices.completeCheckout(erp, invoice.getString("payment.id")).then().statusCode(409);
    }
}

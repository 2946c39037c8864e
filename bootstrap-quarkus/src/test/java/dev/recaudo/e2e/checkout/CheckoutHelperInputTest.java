package dev.recaudo.e2e.checkout;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.equalTo;

import dev.recaudo.e2e.support.Envelopes;
import dev.recaudo.e2e.support.Parallel;
import dev.recaudo.e2e.support.Sql;
import dev.recaudo.e2e.support.Tenants;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import io.restassured.response.Response;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import org.junit.jupiter.api.Test;

/**
 * The checkout helper under hostile and mistaken input: every refusal is a {@code 400} (or {@code 413})
 * in the family's envelope naming the field, never a {@code 500}, and nothing is stored. Bodies are
 * written as raw JSON so that types, escapes and nesting are exactly what a client could send.
 */
@QuarkusTest
class CheckoutHelperInputTest {

    private static final String PRODUCT = "/checkout/product";
    private static final String RESOLVE = "/checkout/resolve-customer";

    private static String token(Tenants.Company company) {
        Tenants.Key key = company.createKey(Map.of("name", "checkout", "permissions", List.of("checkout:write"),
                "environment", "live"));
        return given().header("X-API-Key", key.secret()).post("/checkout/token").then().statusCode(200)
                .extract().path("accessToken");
    }

    private static Response post(String token, String path, String json) {
        return given().auth().oauth2(token).contentType(ContentType.JSON).body(json).post(path);
    }

    /** A product body with one member replaced (or added) as raw JSON: {@code "sku": <raw>}. */
    private static String product(Tenants.Company company, String member, String raw) {
        Map<String, String> fields = new java.util.LinkedHashMap<>();
        fields.put("companyId", "\"" + company.id() + "\"");
        fields.put("sku", "\"SKU-1\"");
        fields.put("name", "\"Plan\"");
        fields.put("amountMinor", "100");
        fields.put("currency", "\"USD\"");
        fields.put(member, raw);
        return object(fields);
    }

    private static String payer(Tenants.Company company, String member, String raw) {
        Map<String, String> fields = new java.util.LinkedHashMap<>();
        fields.put("companyId", "\"" + company.id() + "\"");
        fields.put("email", "\"ana@example.com\"");
        fields.put("name", "\"Ana\"");
        fields.put(member, raw);
        return object(fields);
    }

    private static String object(Map<String, String> fields) {
        StringBuilder json = new StringBuilder("{");
        fields.forEach((name, raw) -> json.append(json.length() > 1 ? "," : "").append('"').append(name).append("\":").append(raw));
        return json.append('}').toString();
    }

    private static void assertRefusedNaming(Response response, String path, String field) {
        Envelopes.assertStatus(response, 400, path);
        assertThat(response.<String>path("message")).as(response.asString()).contains(field);
    }

    @Test
    void givenSkuThatCannotBeAPathSegment_whenSaved_then400AndNothingStored() {
        Tenants.Company company = Tenants.company();
        String token = token(company);
        for (String sku : List.of("\"A/B\"", "\".\"", "\"..\"", "\"A;B\"", "\"A\\tB\"", "\"A\\nB\"", "\"\"", "\"   \"",
                "\"" + "S".repeat(101) + "\"")) {
            assertRefusedNaming(post(token, PRODUCT, product(company, "sku", sku)), PRODUCT, "sku");
        }
        assertThat(Sql.count("SELECT count(*) FROM products WHERE company_id = ?", company.id())).isZero();
    }

    @Test
    void givenSkuWithSpacesAccentsAndDots_whenSavedThenReadByItsPath_thenFound() {
        Tenants.Company company = Tenants.company();
        String token = token(company);
        String sku = "Plan ñ v1.0 (anual)";
        post(token, PRODUCT, product(company, "sku", "\"" + sku + "\"")).then().statusCode(201).body("sku", equalTo(sku));
        given().auth().oauth2(token).get("/checkout/company/{c}/product/sku/{s}", company.id(), sku)
                .then().statusCode(200).body("sku", equalTo(sku));
        Envelopes.assertStatus(given().auth().oauth2(token).get("/checkout/company/{c}/product/sku/{s}", company.id(),
                "X".repeat(101)), 404, "/checkout/company/" + company.id() + "/product/sku/" + "X".repeat(101));
        Envelopes.assertStatus(given().auth().oauth2(token).get("/checkout/company/not-a-uuid/product/sku/A"), 400,
                "/checkout/company/not-a-uuid/product/sku/A");
    }

    @Test
    void givenProductFieldsOfTheWrongTypeOrUnstorableText_then400NamingTheFieldAndNothingStored() {
        Tenants.Company company = Tenants.company();
        String token = token(company);
        Map<String, List<String>> refused = Map.of(
                "companyId", List.of("5", "\"nope\""),
                "sku", List.of("7", "true", "[\"A\"]", "\"A\\u0000B\""),
                "name", List.of("7", "{}", "\"Plan\\u0000\"", "\"\\ud800\"", "\"" + "n".repeat(201) + "\""),
                "description", List.of("1", "\"\\u0000\"", "\"" + "d".repeat(2001) + "\""),
                "amountMinor", List.of("1.5", "\"1\"", "-1", "1000000000000001", "true", "1e3", "99999999999999999999999"),
                "currency", List.of("1", "\"EUR\"", "\"CRC\"", "\"\"", "null"),
                "metadata", List.of("\"x\"", "[]", "7", "{\"k\\u0000\":\"v\"}", "{\"k\":\"v\\u0000\"}",
                        "{\"k\":\"\\udc00\"}", "{\"k\":{\"n\":[\"\\ud800\"]}}", elevenFields(), "{\"k\":1e400}",
                        "{\"k\":\"" + "v".repeat(10_001) + "\"}"));
        refused.forEach((field, values) -> values.forEach(raw ->
                assertRefusedNaming(post(token, PRODUCT, product(company, field, raw)), PRODUCT, field)));
        assertThat(Sql.count("SELECT count(*) FROM products WHERE company_id = ?", company.id())).isZero();
    }

    private static String elevenFields() {
        StringBuilder json = new StringBuilder("{");
        for (int i = 0; i < 11; i++) {
            json.append(i > 0 ? "," : "").append("\"k").append(i).append("\":").append(i);
        }
        return json.append('}').toString();
    }

    /** {@code {"k":{"k":...1...}}}: {@code levels} objects nested in one another. */
    private static String nested(int levels) {
        return "{\"k\":".repeat(levels) + "1" + "}".repeat(levels);
    }

    @Test
    void givenMetadataOfTenFieldsHoldingAnyJsonValue_whenSaved_thenStoredAsJsonbAndAnswered() {
        Tenants.Company company = Tenants.company();
        String token = token(company);
        String longKey = "k".repeat(41);
        // The spec says only "at most 10 fields": nesting, arrays, long keys and long strings are the
        // partner's, within the limits of every body (32 levels with the body itself: 30 below a field).
        String metadata = "{\"plan\":{\"tier\":\"gold\",\"features\":[\"a\",{\"b\":null},[1,2.50]]},"
                + "\"" + longKey + "\":true,\"note\":\"" + "v".repeat(501) + "\",\"\":\"empty key\","
                + "\"big\":1e200,\"deep\":" + nested(30) + "}";

        Response saved = post(token, PRODUCT, product(company, "metadata", metadata));

        saved.then().statusCode(201)
                .body("metadata.plan.tier", equalTo("gold"))
                .body("metadata.plan.features[1].b", org.hamcrest.Matchers.nullValue())
                .body("metadata.note.length()", equalTo(501))
                .body("metadata." + longKey, equalTo(true));
        assertThat(saved.asString()).contains("\"big\": 1" + "0".repeat(200) + ",");
        assertThat(Sql.text("SELECT metadata ->> '' FROM products WHERE company_id = ?", company.id())).isEqualTo("empty key");
        assertThat(Sql.text("SELECT jsonb_typeof(metadata -> 'plan' -> 'features') FROM products WHERE company_id = ?",
                company.id())).isEqualTo("array");
        assertThat(Sql.text("SELECT metadata #>> '{plan,features,2,1}' FROM products WHERE company_id = ?", company.id()))
                .isEqualTo("2.50");
        assertThat(Sql.count("SELECT jsonb_array_length(metadata -> 'plan' -> 'features') FROM products WHERE company_id = ?",
                company.id())).isEqualTo(3);

        // One level more than the body limit, and an eleventh field, stay refused.
        assertRefusedNaming(post(token, PRODUCT, product(company, "metadata", "{\"deep\":" + nested(31) + "}")), PRODUCT,
                "metadata");
        assertRefusedNaming(post(token, PRODUCT, product(company, "metadata", elevenFields())), PRODUCT, "metadata");
        assertThat(Sql.text("SELECT metadata ->> 'note' FROM products WHERE company_id = ?", company.id())).hasSize(501);
    }

    /**
     * JSONB keeps a number as a numeric and writes it out in plain notation: {@code 1e308} (5
     * characters) comes back as 309 digits. A body of a few kilobytes of such numbers would store
     * metadata that every save answer and every read of the row writes out as megabytes, so the
     * metadata as stored must fit the body cap, like the body it came in.
     */
    @Test
    void givenMetadataWhoseNumbersWrittenOutExceedTheBodyCap_whenSaved_then400AndNothingStored() {
        Tenants.Company company = Tenants.company();
        String token = token(company);
        String huge = "{\"n\":[" + String.join(",", java.util.Collections.nCopies(4_000, "1e308")) + "]}";
        assertThat(huge.length()).as("a small body").isLessThan(30_000);

        assertRefusedNaming(post(token, PRODUCT, product(company, "metadata", huge)), PRODUCT, "metadata");

        assertThat(Sql.count("SELECT count(*) FROM products WHERE company_id = ?", company.id())).isZero();
        String fits = "{\"n\":[" + String.join(",", java.util.Collections.nCopies(3_000, "1e308")) + "]}";
        post(token, PRODUCT, product(company, "metadata", fits)).then().statusCode(201)
                .body("metadata.n.size()", equalTo(3_000));
    }

    @Test
    void givenPayerFieldsOfTheWrongTypeOrUnstorableText_then400NamingTheFieldAndNothingStored() {
        Tenants.Company company = Tenants.company();
        String token = token(company);
        String longEmail = "\"" + "a".repeat(189) + "@example.com\"";
        Map<String, List<String>> refused = Map.of(
                "companyId", List.of("5", "\"nope\""),
                "email", List.of("7", "true", "\"ana@example.com\\u0000\"", "\"ana\\ud800@example.com\"", "\" ana@example.com\"",
                        "\"ana@exämple.com\"", "\"ana@example\"", longEmail, "null"),
                "name", List.of("7", "\"\\u0000\"", "\"\"", "\"" + "n".repeat(201) + "\"", "null"),
                "phone", List.of("4121234567", "\"0412\"", "\"+58 412 1234567\"", "\"+5841212345678901\""),
                "identityDocument", List.of("12345678", "\"\"", "\"" + "V".repeat(65) + "\"", "\"V\\u0000\""));
        refused.forEach((field, values) -> values.forEach(raw ->
                assertRefusedNaming(post(token, RESOLVE, payer(company, field, raw)), RESOLVE, field)));
        assertThat(Sql.count("SELECT count(*) FROM checkout_customers WHERE company_id = ?", company.id())).isZero();
    }

    @Test
    void givenBodiesThatAreNotObjectsTooDeepOrTooLarge_thenTheFamilysEnvelope() {
        Tenants.Company company = Tenants.company();
        String token = token(company);
        String deep = "{\"k\":".repeat(40) + "1" + "}".repeat(40);
        for (String path : List.of(PRODUCT, RESOLVE)) {
            for (String body : List.of("[]", "\"x\"", "null", "{", "{\"name\":\"a\"}{}", deep,
                    "{\"name\":\"a\",\"name\":\"b\"}")) {
                Envelopes.assertStatus(post(token, path, body), 400, path);
            }
            Envelopes.assertStatus(post(token, path, "{\"name\":\"" + "x".repeat(1024 * 1024) + "\"}"), 413, path);
        }
        Envelopes.assertStatus(post(token, PRODUCT, product(company, "metadata", deep)), 400, PRODUCT);
        Envelopes.assertStatus(given().auth().oauth2(token).contentType(ContentType.TEXT).body("sku=A").post(PRODUCT), 415,
                PRODUCT);
        assertThat(Sql.count("SELECT count(*) FROM products WHERE company_id = ?", company.id())).isZero();
    }

    @Test
    void givenProductWithoutCompanyId_whenSaved_thenItIsTheTokensCompanysWhileAPayerNeedsIt() {
        Tenants.Company company = Tenants.company();
        String token = token(company);
        post(token, PRODUCT, "{\"sku\":\"NO-COMPANY\",\"name\":\"Plan\",\"amountMinor\":5,\"currency\":\"VES\"}")
                .then().statusCode(201).body("isNew", equalTo(true)).body("currency", equalTo("VES"));
        assertThat(Sql.count("SELECT count(*) FROM products WHERE company_id = ? AND sku = 'NO-COMPANY'", company.id()))
                .isEqualTo(1);
        assertRefusedNaming(post(token, RESOLVE, "{\"email\":\"a@example.com\",\"name\":\"Ana\"}"), RESOLVE, "companyId");
    }

    @Test
    void givenKeyOverItsRate_whenCallingTheHelper_then429WithRetryAfterInTheEnvelope() {
        Tenants.Company company = Tenants.company();
        Tenants.Key key = company.createKey(Map.of("name", "slow", "permissions", List.of("checkout:write"),
                "environment", "live", "rateLimitRpm", 3));
        String token = given().header("X-API-Key", key.secret()).post("/checkout/token").then().statusCode(200)
                .extract().path("accessToken");
        // Up to ten calls: even if a minute's window turns between two of them, the rate is spent again.
        Response answer = null;
        int created = 0;
        for (int i = 0; i < 10 && (answer == null || answer.statusCode() != 429); i++) {
            answer = post(token, RESOLVE, payer(company, "email", "\"rate" + i + "@example.com\""));
            created += answer.statusCode() == 201 ? 1 : 0;
        }
        Envelopes.assertStatus(answer, 429, RESOLVE);
        assertThat(Integer.parseInt(answer.header("Retry-After"))).isBetween(1, 60);
        assertThat(Sql.count("SELECT count(*) FROM checkout_customers WHERE company_id = ?", company.id()))
                .as("the refused call stored nothing").isEqualTo(created);
    }

    @Test
    void givenUnicodeText_whenSaved_thenStoredAndAnsweredExactly() {
        Tenants.Company company = Tenants.company();
        String token = token(company);
        String name = "Plan 🚀 añejo — ✓";
        post(token, PRODUCT, product(company, "name", "\"" + name + "\"")).then().statusCode(201)
                .body("name", equalTo(name));
        post(token, RESOLVE, payer(company, "name", "\"José Ñúñez 🙂\"")).then().statusCode(201)
                .body("name", equalTo("José Ñúñez 🙂"));
    }

    @Test
    void givenConcurrentSavesOfOneNewSku_thenOneProductCreatedOnceAndTheOthersUpdateIt() throws Exception {
        Tenants.Company company = Tenants.company();
        String token = token(company);
        List<Callable<Response>> saves = new ArrayList<>();
        for (int i = 0; i < 12; i++) {
            String body = product(company, "amountMinor", String.valueOf(100 + i));
            saves.add(() -> post(token, PRODUCT, body));
        }
        List<Response> answers = Parallel.run(12, saves);
        assertThat(answers).extracting(Response::statusCode).containsOnly(200, 201).containsOnlyOnce(201);
        assertThat(answers.stream().map(answer -> answer.<String>path("id")).distinct()).hasSize(1);
        assertThat(answers.stream().filter(answer -> answer.statusCode() == 201).map(answer -> answer.<Boolean>path("isNew")))
                .containsExactly(true);
        assertThat(Sql.count("SELECT count(*) FROM products WHERE company_id = ?", company.id())).isEqualTo(1);
    }

    @Test
    void givenKnownPayer_whenResolvedWithOtherDetails_thenTheStoredPhoneAndDocumentStay() {
        Tenants.Company company = Tenants.company();
        String token = token(company);
        String first = payer(company, "phone", "\"+584121234567\"").replace("}", ",\"identityDocument\":\"V-1\"}");
        post(token, RESOLVE, first).then().statusCode(201);
        String second = payer(company, "phone", "\"+584149999999\"").replace("}", ",\"identityDocument\":\"V-2\"}")
                .replace("ana@example.com", "ANA@example.COM");
        post(token, RESOLVE, second).then().statusCode(200).body("isNew", equalTo(false));
        assertThat(Sql.text("SELECT phone || ' ' || identity_document || ' ' || email FROM checkout_customers"
                + " WHERE company_id = ?", company.id())).isEqualTo("+584121234567 V-1 ana@example.com");
    }
}

package dev.recaudo.e2e.admin;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;

import dev.recaudo.e2e.support.Deliveries;
import dev.recaudo.e2e.support.Invoices;
import dev.recaudo.e2e.support.Sql;
import dev.recaudo.e2e.support.Tenants;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import io.restassured.path.json.JsonPath;
import io.restassured.response.Response;
import io.restassured.specification.RequestSpecification;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/**
 * The administration trail: every key, webhook endpoint, secret and company action of an
 * administrator or the operator leaves exactly one audit record naming company, actor, operation,
 * target, status and outcome, and never a secret; each company's administrator reads only its own.
 */
@QuarkusTest
class AdministrationAuditTest {

    private static final String FIELDS = "SELECT concat_ws('|', company_id, actor_kind, coalesce(admin_user_id::text, '-'),"
            + " operation, coalesce(target_id::text, '-'), http_status, outcome, coalesce(detail, '-'))"
            + " FROM audit_records WHERE request_id = ?";

    /** A company made through the operator API, with its administrator's id and token. */
    private record Onboarded(UUID id, UUID adminUserId, String email, String token) {}

    private static String requestId() {
        return "adm-" + UUID.randomUUID();
    }

    /** A call under a request id of the test's choosing; {@code token} null for the login, which takes none. */
    private static RequestSpecification as(String token, String requestId) {
        RequestSpecification request = given().header("X-Request-Id", requestId).contentType(ContentType.JSON);
        return token == null ? request : request.auth().oauth2(token);
    }

    private static Onboarded onboard(String requestId) {
        String email = "admin-" + UUID.randomUUID() + "@example.test";
        JsonPath created = as(Tenants.OPERATOR_TOKEN, requestId)
                .body(Map.of("name", "Audited " + email, "referenceCurrency", "USD",
                        "admin", Map.of("email", email, "password", Tenants.PASSWORD)))
                .post("/operator/companies").then().statusCode(201).extract().jsonPath();
        return new Onboarded(UUID.fromString(created.getString("companyId")), UUID.fromString(created.getString("adminUserId")),
                email, Tenants.login(email, Tenants.PASSWORD));
    }

    /** The one record of a request, as {@code company|actor|admin|operation|target|status|outcome|detail}. */
    private static String recordOf(String requestId) {
        assertThat(Sql.count("SELECT count(*) FROM audit_records WHERE request_id = ?", requestId))
                .as("records of request " + requestId).isEqualTo(1);
        return Sql.text(FIELDS, requestId);
    }

    private static String expected(Object company, String actor, Object admin, String operation, Object target, int status,
            String outcome, String detail) {
        return String.join("|", String.valueOf(company), actor, admin == null ? "-" : admin.toString(), operation,
                target == null ? "-" : target.toString(), Integer.toString(status), outcome, detail == null ? "-" : detail);
    }

    @Test
    void givenEachAdministrationAction_whenCalled_thenExactlyOneRecordWithItsFieldsAndNoSecret() {
        Map<String, String> expectations = new LinkedHashMap<>();
        List<String> secrets = new ArrayList<>(List.of(Tenants.PASSWORD));
        String onboarding = requestId();
        Onboarded company = onboard(onboarding);
        UUID c = company.id();
        UUID admin = company.adminUserId();
        expectations.put(onboarding, expected(c, "operator", null, "POST /operator/companies", c, 201, "ok", null));

        String login = requestId();
        String token = as(null, login).body(Map.of("email", company.email(), "password", Tenants.PASSWORD))
                .post("/auth/token").then().statusCode(200).extract().path("accessToken");
        secrets.add(token);
        expectations.put(login, expected(c, "admin", admin, "POST /auth/token", null, 200, "ok", null));

        String create = requestId();
        JsonPath key = as(token, create).body(Map.of("name", "erp", "source", "acme-erp"))
                .post("/companies/{c}/api-keys", c).then().statusCode(201).extract().jsonPath();
        secrets.add(key.getString("key"));
        expectations.put(create, expected(c, "admin", admin, "POST /companies/{companyId}/api-keys", key.getString("id"), 201,
                "ok", null));

        String rotate = requestId();
        JsonPath rotated = as(token, rotate).post("/companies/{c}/api-keys/{k}/rotate", c, key.getString("id"))
                .then().statusCode(201).extract().jsonPath();
        secrets.add(rotated.getString("key"));
        expectations.put(rotate, expected(c, "admin", admin, "POST /companies/{companyId}/api-keys/{keyId}/rotate",
                key.getString("id"), 201, "ok", "created " + rotated.getString("id")));

        String revoke = requestId();
        as(token, revoke).delete("/companies/{c}/api-keys/{k}", c, rotated.getString("id")).then().statusCode(204);
        expectations.put(revoke, expected(c, "admin", admin, "DELETE /companies/{companyId}/api-keys/{keyId}",
                rotated.getString("id"), 204, "ok", null));

        webhookActions(company, token, expectations, secrets);
        operatorActions(c, expectations);

        expectations.forEach((requestId, fields) -> assertThat(recordOf(requestId)).as(requestId).isEqualTo(fields));
        String rows = Sql.text("SELECT string_agg(r::text, '|') FROM audit_records r WHERE company_id = ?", c);
        String trail = readTrail(token, c);
        for (String secret : secrets) {
            assertThat(rows).as("stored records").doesNotContain(secret);
            assertThat(trail).as("the trail as read").doesNotContain(secret);
        }
        assertThat(Sql.count("SELECT count(*) FROM api_keys k JOIN audit_records r ON r::text LIKE '%' || k.key_hash || '%'"
                + " WHERE k.company_id = ?", c)).as("records holding a key hash").isZero();
        for (String requestId : expectations.keySet()) {
            assertThat(trail).as("the trail as read").contains(requestId);
        }
    }

    private static void webhookActions(Onboarded company, String token, Map<String, String> expectations,
            List<String> secrets) {
        UUID c = company.id();
        UUID admin = company.adminUserId();
        String register = requestId();
        JsonPath endpoint = as(token, register).body(Map.of("url", "http://127.0.0.1:9/audited"))
                .post("/companies/{c}/webhook-endpoints", c).then().statusCode(201).extract().jsonPath();
        secrets.add(endpoint.getString("secret"));
        String endpointId = endpoint.getString("id");
        expectations.put(register, expected(c, "admin", admin, "POST /companies/{companyId}/webhook-endpoints", endpointId,
                201, "ok", null));

        Tenants.Company tenant = new Tenants.Company(c, company.email(), token);
        Tenants.Key live = Invoices.liveKey(tenant);
        secrets.add(live.secret());
        Invoices.create(live);
        String delivery = Deliveries.first(tenant, endpointId);
        String redeliver = requestId();
        as(token, redeliver).post("/companies/{c}/webhook-endpoints/{e}/deliveries/{d}/redeliver", c, endpointId, delivery)
                .then().statusCode(202);
        expectations.put(redeliver, expected(c, "admin", admin,
                "POST /companies/{companyId}/webhook-endpoints/{endpointId}/deliveries/{deliveryId}/redeliver", delivery, 202,
                "ok", null));

        String remove = requestId();
        as(token, remove).delete("/companies/{c}/webhook-endpoints/{e}", c, endpointId).then().statusCode(204);
        expectations.put(remove, expected(c, "admin", admin, "DELETE /companies/{companyId}/webhook-endpoints/{endpointId}",
                endpointId, 204, "ok", null));

        String read = requestId();
        secrets.add(as(token, read).get("/companies/{c}/webhook-secret", c).then().statusCode(200).extract().path("secret"));
        expectations.put(read, expected(c, "admin", admin, "GET /companies/{companyId}/webhook-secret", null, 200, "ok", null));

        String rotateSecret = requestId();
        secrets.add(as(token, rotateSecret).post("/companies/{c}/webhook-secret/rotate", c).then().statusCode(200)
                .extract().path("secret"));
        expectations.put(rotateSecret, expected(c, "admin", admin, "POST /companies/{companyId}/webhook-secret/rotate", null,
                200, "ok", null));
    }

    private static void operatorActions(UUID c, Map<String, String> expectations) {
        String patch = requestId();
        as(Tenants.OPERATOR_TOKEN, patch).body(Map.of("enabled", true)).patch("/operator/companies/{c}", c)
                .then().statusCode(200);
        expectations.put(patch, expected(c, "operator", null, "PATCH /operator/companies/{companyId}", c, 200, "ok", null));

        String origin = requestId();
        String originId = as(Tenants.OPERATOR_TOKEN, origin)
                .body(Map.of("phoneNumberId", Long.toString(Math.abs(UUID.randomUUID().getMostSignificantBits())), "displayPhoneNumber", "+58 212 555 0101"))
                .post("/operator/companies/{c}/whatsapp-origins", c).then().statusCode(201).extract().path("id");
        expectations.put(origin, expected(c, "operator", null, "POST /operator/companies/{companyId}/whatsapp-origins", originId,
                201, "ok", null));
    }

    /** Every page of the company's trail as its administrator reads it, five records a page. */
    private static String readTrail(String token, UUID company) {
        StringBuilder pages = new StringBuilder();
        String cursor = null;
        do {
            RequestSpecification request = given().auth().oauth2(token).queryParam("limit", 5);
            if (cursor != null) {
                request.queryParam("cursor", cursor);
            }
            JsonPath page = request.get("/companies/{c}/audit-records", company).then().statusCode(200).extract().jsonPath();
            assertThat(page.getList("items")).hasSizeLessThanOrEqualTo(5);
            pages.append(page.prettify());
            cursor = page.getString("pagination.nextCursor");
        } while (cursor != null);
        return pages.toString();
    }

    @Test
    void givenFailedActions_whenRecorded_thenTheFailureIsFiledUnderTheCallersCompanyOnly() {
        Onboarded a = onboard(requestId());
        Onboarded b = onboard(requestId());
        String bKey = as(b.token(), requestId()).body(Map.of("name", "b")).post("/companies/{c}/api-keys", b.id())
                .then().statusCode(201).extract().path("id");
        long bRecords = Sql.count("SELECT count(*) FROM audit_records WHERE company_id = ?", b.id());

        String revokeOthers = requestId();
        as(a.token(), revokeOthers).delete("/companies/{c}/api-keys/{k}", a.id(), bKey).then().statusCode(404);
        assertThat(recordOf(revokeOthers)).isEqualTo(expected(a.id(), "admin", a.adminUserId(),
                "DELETE /companies/{companyId}/api-keys/{keyId}", bKey, 404, "not_found", null));

        String otherCompanyPath = requestId();
        as(a.token(), otherCompanyPath).delete("/companies/{c}/api-keys/{k}", b.id(), bKey).then().statusCode(404);
        String badToken = requestId();
        as("not-a-token", badToken).get("/companies/{c}/webhook-secret", a.id()).then().statusCode(401);
        String unknownCompany = requestId();
        as(Tenants.OPERATOR_TOKEN, unknownCompany).body(Map.of("enabled", false))
                .patch("/operator/companies/{c}", UUID.randomUUID()).then().statusCode(404);
        String wrongPassword = requestId();
        as(null, wrongPassword).body(Map.of("email", a.email(), "password", "wrong " + Tenants.PASSWORD))
                .post("/auth/token").then().statusCode(401);
        for (String unrecorded : List.of(otherCompanyPath, badToken, unknownCompany, wrongPassword)) {
            assertThat(Sql.count("SELECT count(*) FROM audit_records WHERE request_id = ?", unrecorded))
                    .as("a call refused before it had an actor, or naming no company: " + unrecorded).isZero();
        }
        assertThat(Sql.count("SELECT count(*) FROM audit_records WHERE company_id = ?", b.id())).isEqualTo(bRecords);
        assertThat(Sql.count("SELECT count(*) FROM api_keys WHERE id = ?::uuid AND revoked_at IS NULL", bKey)).isEqualTo(1);
    }

    @Test
    void givenTwoCompanies_whenReadingTheTrail_thenEachAdministratorSeesOnlyItsOwnAndNoKeyReadsIt() {
        Onboarded a = onboard(requestId());
        Onboarded b = onboard(requestId());
        String aSecretRead = requestId();
        as(a.token(), aSecretRead).get("/companies/{c}/webhook-secret", a.id()).then().statusCode(200);
        Tenants.Key aKey = new Tenants.Company(a.id(), a.email(), a.token()).key("erp", List.of("customers:read"), "acme-erp");

        assertThat(readTrail(b.token(), b.id())).doesNotContain(aSecretRead);
        assertThat(readTrail(a.token(), a.id())).contains(aSecretRead);
        Response others = given().auth().oauth2(b.token()).get("/companies/{c}/audit-records", a.id());
        assertThat(others.statusCode()).isEqualTo(404);
        assertThat(others.asString()).doesNotContain(aSecretRead);
        given().auth().oauth2(aKey.secret()).get("/companies/{c}/audit-records", a.id()).then().statusCode(401);
        given().header("X-API-Key", aKey.secret()).get("/companies/{c}/audit-records", a.id()).then().statusCode(401);

        JsonPath operatorView = given().auth().oauth2(Tenants.OPERATOR_TOKEN).queryParam("limit", 100)
                .get("/operator/companies/{c}/audit-records", a.id()).then().statusCode(200).extract().jsonPath();
        assertThat(operatorView.getList("items.requestId", String.class)).contains(aSecretRead);
        assertThat(operatorView.getList("items.actorKind", String.class)).containsOnly("admin", "operator");
        assertThat(operatorView.getString("items.find { it.requestId == '" + aSecretRead + "' }.actor"))
                .isEqualTo(a.adminUserId().toString());
        given().auth().oauth2(a.token()).get("/operator/companies/{c}/audit-records", a.id()).then().statusCode(401);
    }
}

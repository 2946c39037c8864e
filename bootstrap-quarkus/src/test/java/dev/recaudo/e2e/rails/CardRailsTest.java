package dev.recaudo.e2e.rails;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.notNullValue;
import static org.hamcrest.Matchers.nullValue;

import dev.recaudo.application.externalpayment.ChargeRecoveryUseCase;
import dev.recaudo.application.externalpayment.PaymentProcessor;
import dev.recaudo.domain.apikey.KeyEnvironment;
import dev.recaudo.e2e.support.Envelopes;
import dev.recaudo.e2e.support.ExternalPayments;
import dev.recaudo.e2e.support.RecordingCardRail;
import dev.recaudo.e2e.support.Sql;
import dev.recaudo.e2e.support.Tenants;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import io.restassured.response.Response;
import jakarta.inject.Inject;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Live card collection end to end, against the recording test double of the card rail port: the admin
 * route of a company's rail credentials, live external payments through the company's rail, the
 * processor events route, and the recovery of a charge whose answer and webhook never came.
 */
@QuarkusTest
class CardRailsTest {

    private static final String SECRET_KEY = "sk_live_" + "a1B2c3D4e5F6g7H8";
    private static final String WEBHOOK_SECRET = "whsec_" + "c2VjcmV0LXNpZ25pbmc=";
    private static final String RAIL = "/companies/{companyId}/payment-rails/stripe";

    @Inject
    RecordingCardRail rail;

    @Inject
    ChargeRecoveryUseCase recovery;

    @BeforeEach
    void approveByDefault() {
        rail.answerCharges(RecordingCardRail.approved());
        rail.findCharges(PaymentProcessor.Finding.NOT_FOUND);
    }

    private static Response putCredentials(Tenants.Company company, String token, Map<String, ?> body) {
        return given().auth().oauth2(token).contentType(ContentType.JSON).body(body).put(RAIL, company.id());
    }

    private static Tenants.Company withRail() {
        Tenants.Company company = Tenants.company();
        putCredentials(company, company.adminToken(), Map.of("secretKey", SECRET_KEY, "webhookSecret", WEBHOOK_SECRET))
                .then().statusCode(200);
        return company;
    }

    private static Tenants.Key liveKey(Tenants.Company company) {
        return company.createKey(Map.of("name", "erp live", "permissions", List.of("payments:create", "payments:read"),
                "source", "erp"));
    }

    private static Map<String, Object> body(String currency, Object... more) {
        Map<String, Object> body = new HashMap<>(Map.of("amountMinor", 2_500, "currency", currency,
                "redirectUrl", "https://shop.example/back"));
        for (int i = 0; i < more.length; i += 2) {
            body.put((String) more[i], more[i + 1]);
        }
        return body;
    }

    private static Response event(UUID company, String payload, String signature) {
        return given().header("Stripe-Signature", signature).contentType(ContentType.JSON).body(payload)
                .post("/webhooks/processors/stripe/{companyId}", company);
    }

    private static String succeeded(String eventId, UUID company, String paymentId) {
        return "{\"id\":\"" + eventId + "\",\"type\":\"charge.succeeded\",\"reference\":\"pi_" + paymentId
                + "\",\"companyId\":\"" + company + "\",\"paymentId\":\"" + paymentId + "\",\"amountMinor\":2500,\"currency\":\"USD\"}";
    }

    @Test
    void credentialsAreSetByTheCompanysAdminOnlySealedNeverAnsweredAndAudited() {
        Tenants.Company company = Tenants.company();
        Tenants.Company another = Tenants.company();
        Map<String, String> credentials = Map.of("secretKey", SECRET_KEY, "webhookSecret", WEBHOOK_SECRET);

        given().contentType(ContentType.JSON).body(credentials).put(RAIL, company.id()).then().statusCode(401);
        // Another company's admin: the admin routes' answer (404, the company is not named to it), and nothing is set.
        putCredentials(company, another.adminToken(), credentials).then().statusCode(404);
        given().auth().oauth2(company.adminToken()).get(RAIL, company.id()).then().statusCode(200)
                .body("rail", equalTo("stripe")).body("configured", equalTo(false)).body("updatedAt", nullValue());
        Response invalid = putCredentials(company, company.adminToken(), Map.of("secretKey", "pk_live_abcdefgh",
                "webhookSecret", WEBHOOK_SECRET));
        Envelopes.assertPublic(invalid, 422, 10001);
        assertThat(invalid.jsonPath().getMap("errors")).containsOnlyKeys("secretKey");
        // A test-mode key would mark test-mode payments paid in live books: refused for the live rail.
        Response testKey = putCredentials(company, company.adminToken(), Map.of("secretKey", "sk_test_" + "a1B2c3D4e5F6g7H8",
                "webhookSecret", WEBHOOK_SECRET));
        Envelopes.assertPublic(testKey, 422, 10001);
        assertThat(testKey.jsonPath().getMap("errors")).containsOnlyKeys("secretKey");

        Response set = putCredentials(company, company.adminToken(), credentials);
        Response read = given().auth().oauth2(company.adminToken()).get(RAIL, company.id());

        set.then().statusCode(200).body("configured", equalTo(true)).body("updatedAt", notNullValue());
        read.then().statusCode(200).body("configured", equalTo(true)).body("updatedAt", notNullValue());
        for (Response answer : List.of(set, read, invalid)) {
            assertThat(answer.asString()).doesNotContain(SECRET_KEY, WEBHOOK_SECRET, "a1B2c3D4e5F6g7H8");
        }
        String stored = Sql.text("SELECT secret_key || '|' || webhook_secret FROM card_rail_credentials WHERE company_id = ?",
                company.id());
        assertThat(stored).doesNotContain("a1B2c3D4e5F6g7H8", "c2VjcmV0LXNpZ25pbmc=");
        String trail = Sql.text("SELECT string_agg(r::text, '|') FROM audit_records r WHERE company_id = ?", company.id());
        assertThat(trail).contains("payment-rails").doesNotContain("a1B2c3D4e5F6g7H8", "c2VjcmV0LXNpZ25pbmc=");
        given().auth().oauth2(company.adminToken()).get("/companies/{companyId}/payment-rails/paypal", company.id())
                .then().statusCode(404);
    }

    @Test
    void aLivePaymentNeedsTheCompanysRailAServedCurrencyAndAPaymentMethodToken() {
        Tenants.Key noRail = liveKey(Tenants.company());
        Tenants.Key live = liveKey(withRail());

        Response unavailable = ExternalPayments.post(noRail, "/external/payments/direct", body("USD", "paymentMethod", "pm_x"));
        Response hostedUnavailable = ExternalPayments.post(noRail, "/external/payments", body("USD"));
        Response colones = ExternalPayments.post(live, "/external/payments/direct", body("CRC", "paymentMethod", "pm_x"));
        Response noToken = ExternalPayments.post(live, "/external/payments/direct", body("USD"));
        Response cardNumber = ExternalPayments.post(live, "/external/payments/direct",
                body("USD", "paymentMethod", "4242424242424242"));

        Envelopes.assertStatus(unavailable, 503, "/external/payments/direct");
        assertThat(unavailable.jsonPath().getString("message")).contains("PUT /companies/{companyId}/payment-rails/stripe");
        Envelopes.assertStatus(hostedUnavailable, 503, "/external/payments");
        Envelopes.assertStatus(colones, 400, "/external/payments/direct");
        assertThat(colones.jsonPath().getString("message")).startsWith("currency ").contains("stripe serves MXN, USD");
        Envelopes.assertStatus(noToken, 400, "/external/payments/direct");
        assertThat(noToken.jsonPath().getString("message")).startsWith("paymentMethod ");
        Envelopes.assertStatus(cardNumber, 400, "/external/payments/direct");
        assertThat(cardNumber.asString()).doesNotContain("4242424242424242");
    }

    @Test
    void aLiveDirectPaymentIsChargedWithItsTokenAndShowsTheNextActionWhileThePayerAuthenticates() {
        Tenants.Company company = withRail();
        Tenants.Key live = liveKey(company);
        rail.answerCharges(request -> new PaymentProcessor.ChargeAnswer(PaymentProcessor.Decision.PENDING,
                Optional.of("pi_" + request.paymentId()), Optional.of("https://hooks.stripe.example/3ds/" + request.paymentId())));

        Response created = ExternalPayments.post(live, "/external/payments/direct", body("USD", "paymentMethod", "pm_card_3ds"));

        created.then().statusCode(201).body("status", equalTo("pending"));
        String id = created.jsonPath().getString("id");
        assertThat(created.jsonPath().getString("nextActionUrl")).isEqualTo("https://hooks.stripe.example/3ds/" + id);
        ExternalPayments.get(live, id).then().statusCode(200)
                .body("nextActionUrl", equalTo("https://hooks.stripe.example/3ds/" + id));
        PaymentProcessor.ChargeRequest sent = rail.charges().stream()
                .filter(request -> request.paymentId().toString().equals(id)).findFirst().orElseThrow();
        assertThat(sent.paymentMethod()).contains("pm_card_3ds");
        assertThat(sent.returnUrl()).contains("https://shop.example/back");
        assertThat(rail.connections()).anySatisfy(used -> assertThat(used.secretKey()).isEqualTo(SECRET_KEY));

        // The payer authenticated: the processor's event completes the payment, once.
        String payload = succeeded("evt_" + id, company.id(), id);
        Response first = event(company.id(), payload, RecordingCardRail.sign(payload, WEBHOOK_SECRET));
        Response again = event(company.id(), payload, RecordingCardRail.sign(payload, WEBHOOK_SECRET));

        first.then().statusCode(200).body("received", equalTo(true)).body("duplicate", equalTo(false));
        again.then().statusCode(200).body("received", equalTo(true)).body("duplicate", equalTo(true));
        ExternalPayments.get(live, id).then().statusCode(200).body("status", equalTo("completed"))
                .body("nextActionUrl", nullValue());
        assertThat(Sql.count("SELECT count(*) FROM payments WHERE company_id = ?", company.id())).isEqualTo(1);
    }

    @Test
    void anEventIsRefusedWhenForgedOfAnUnknownCompanyOrNamingAnotherCompany() {
        Tenants.Company company = withRail();
        Tenants.Key live = liveKey(company);
        rail.answerCharges(request -> new PaymentProcessor.ChargeAnswer(PaymentProcessor.Decision.PENDING,
                Optional.of("pi_" + request.paymentId()), Optional.empty()));
        String id = ExternalPayments.post(live, "/external/payments/direct", body("USD", "paymentMethod", "pm_x"))
                .then().statusCode(201).extract().path("id");
        String payload = succeeded("evt_forged_" + id, company.id(), id);
        String foreign = succeeded("evt_foreign_" + id, UUID.randomUUID(), id);

        Response forged = event(company.id(), payload, RecordingCardRail.sign(payload, "whsec_notTheCompanysOne"));
        Response unsigned = given().contentType(ContentType.JSON).body(payload)
                .post("/webhooks/processors/stripe/{companyId}", company.id());
        Response unknown = event(UUID.randomUUID(), payload, RecordingCardRail.sign(payload, WEBHOOK_SECRET));
        Response otherCompany = event(company.id(), foreign, RecordingCardRail.sign(foreign, WEBHOOK_SECRET));

        Envelopes.assertStatus(forged, 400, "/webhooks/processors/stripe/" + company.id());
        Envelopes.assertStatus(unsigned, 400, "/webhooks/processors/stripe/" + company.id());
        unknown.then().statusCode(404);
        otherCompany.then().statusCode(403);
        ExternalPayments.get(live, id).then().body("status", equalTo("pending"));
        assertThat(Sql.count("SELECT count(*) FROM processor_events WHERE company_id = ?", company.id())).isZero();
    }

    @Test
    void anEventLargerThanTheProcessorEventLimitIsRefusedUnread() {
        Tenants.Company company = withRail();
        String payload = "{\"id\":\"evt_big\",\"type\":\"other\",\"pad\":\"" + "x".repeat(262_144) + "\"}";

        Response tooLarge = event(company.id(), payload, RecordingCardRail.sign(payload, WEBHOOK_SECRET));

        Envelopes.assertStatus(tooLarge, 413, "/webhooks/processors/stripe/" + company.id());
        assertThat(Sql.count("SELECT count(*) FROM processor_events WHERE company_id = ?", company.id())).isZero();
    }

    @Test
    void aLivePaymentWhoseAnswerAndWebhookNeverCameIsCompletedByTheRecovery() {
        Tenants.Company company = withRail();
        Tenants.Key live = liveKey(company);
        rail.answerCharges(request -> {
            throw new PaymentProcessor.AnswerLost("read timed out");
        });
        String id = ExternalPayments.post(live, "/external/payments/direct", body("USD", "paymentMethod", "pm_x"))
                .then().statusCode(201).body("status", equalTo("pending")).extract().path("id");
        rail.findCharges(PaymentProcessor.Finding.APPROVED);
        Sql.execute("UPDATE external_payments SET created_at = created_at - interval '1 hour' WHERE id = ?::uuid", id);

        recovery.recoverUnknownCharges(KeyEnvironment.LIVE);

        ExternalPayments.get(live, id).then().statusCode(200).body("status", equalTo("completed"));
    }
}

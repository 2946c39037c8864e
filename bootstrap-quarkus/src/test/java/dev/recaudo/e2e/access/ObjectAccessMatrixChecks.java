package dev.recaudo.e2e.access;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;

import dev.recaudo.e2e.access.AccessWorld.Target;
import dev.recaudo.e2e.support.ExternalPayments;
import dev.recaudo.e2e.support.Integrations;
import dev.recaudo.e2e.support.Invoices;
import dev.recaudo.e2e.support.Partner;
import io.restassured.http.ContentType;
import io.restassured.response.Response;
import io.restassured.specification.RequestSpecification;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.UUID;
import java.util.function.Function;
import org.junit.jupiter.api.Test;

/**
 * The object-level authorization matrix. Every operation of /q/openapi that takes an id (in its path
 * or its body) has a case here, or a reason why no tenant's object can be named through it; a new
 * operation without either fails {@link #givenRouteTable_whenReadingEveryOperationThatTakesAnId_thenEachHasACaseOrAReason}.
 * Each case is called by company A's credentials (partner A1) on company B's ids and on partner A2's
 * ids, and again on ids that name nothing: both answers must be the same (status, error code,
 * envelope, message with the ids blanked out), and the victim's rows must not change.
 */
public abstract class ObjectAccessMatrixChecks {

    /** Whose ids a call names, seen from attacker A1. */
    enum Dimension {
        /** Company B's ids, company B in the path. */
        COMPANY,
        /** Company B's object ids, the attacker's own company in the path. */
        OBJECT,
        /** Partner A2's ids; A2 is the attacker's fellow partner in company A. */
        PARTNER
    }

    private static final Set<Dimension> ALL = EnumSet.allOf(Dimension.class);
    private static final Set<Dimension> TENANT = EnumSet.of(Dimension.COMPANY, Dimension.OBJECT);
    private static final Set<Dimension> COMPANY_ONLY = EnumSet.of(Dimension.COMPANY);
    /** Lists: another company in the path, or another partner's source as the filter (B's partner has the attacker's name). */
    private static final Set<Dimension> LISTS = EnumSet.of(Dimension.COMPANY, Dimension.PARTNER);
    /** Families without the company in the path: B's objects named through the attacker's own credential. */
    private static final Set<Dimension> KEYED = EnumSet.of(Dimension.OBJECT, Dimension.PARTNER);

    /**
     * Operations that take an id but name no tenant's object for a credential of the families: the
     * reason is the point, so a new operation cannot be waved through silently.
     */
    private static final Map<String, String> NO_CASE = Map.of(
            "GET /pay/{checkoutId}", "the payer's page: the unguessable checkout id is the credential, no tenant key is used",
            "POST /pay/{checkoutId}", "the payer's page: the unguessable checkout id is the credential, no tenant key is used",
            "POST /pay/{checkoutId}/card", "the payer's Pay-by-card button: the unguessable checkout id is the credential,"
                    + " no tenant key is used (HostedCardPageTest)",
            "POST /pay/{checkoutId}/report", "the payer's transfer report on the page: the unguessable checkout id is the"
                    + " credential, no tenant key is used (PayerReportTest)",
            "PATCH /operator/companies/{companyId}", "the platform operator administers every company by design",
            "POST /operator/companies/{companyId}/whatsapp-origins", "the platform operator administers every company by design",
            "GET /operator/companies/{companyId}/audit-records", "the platform operator administers every company by design",
            "POST /webhooks/processors/{rail}/{companyId}", "a processor's event: no tenant credential is used, the"
                    + " signature with the named company's webhook secret is the credential (CardRailsTest)",
            "DELETE /v1/invoices", "names no object (its schema's provider_payment_id is refused with DELETE_FROM_PROVIDER,"
                    + " the only reason it takes); what the job reaches is BulkAnnulmentScopeTest's");

    /** A call of the matrix: which dimensions apply, whether it creates the attacker's own objects, and the call. */
    private record Case(Set<Dimension> dimensions, boolean creates, Function<Target, Response> call) {}

    private static AccessWorld world;

    private static synchronized AccessWorld world() {
        if (world == null) {
            world = AccessWorld.build();
        }
        return world;
    }

    @Test
    public void givenRouteTable_whenReadingEveryOperationThatTakesAnId_thenEachHasACaseOrAReason() {
        Map<String, Case> cases = cases(null);
        List<String> uncovered = new ArrayList<>();
        Set<String> published = new TreeSet<>();
        for (RouteTable.Operation operation : RouteTable.operations()) {
            published.add(operation.name());
            if (operation.takesAnId() && !cases.containsKey(operation.name()) && !NO_CASE.containsKey(operation.name())) {
                uncovered.add(operation.name() + " " + operation.pathParameters() + " body ids " + operation.bodyIds());
            }
        }
        assertThat(uncovered).as("operations taking an id without a matrix case or a reason").isEmpty();
        assertThat(published).as("every case names a published operation").containsAll(cases.keySet())
                .containsAll(NO_CASE.keySet());
    }

    @Test
    public void givenAnotherCompanysIds_whenEveryIdOperationIsCalled_thenAnsweredAsMissingIdsAndNothingChanges() {
        AccessWorld w = world();
        UUID own = w.attacker.company().id();
        List<String> leaks = new ArrayList<>();
        leaks.addAll(run(w, Dimension.COMPANY, w.companyObjects, Target.missing(UUID.randomUUID()), null));
        leaks.addAll(run(w, Dimension.OBJECT, w.companyObjects.inCompany(own), Target.missing(own), null));
        assertThat(leaks).as("operations that told company B's objects from missing ones or changed them").isEmpty();
    }

    @Test
    public void givenAnotherPartnersIds_whenEveryIdOperationIsCalled_thenAnsweredAsMissingIdsAndNothingChanges() {
        AccessWorld w = world();
        List<String> leaks = run(w, Dimension.PARTNER, w.partnerObjects, Target.missing(w.attacker.company().id()),
                AccessWorld.OTHER_PARTNER_SOURCE);
        assertThat(leaks).as("operations that told partner A2's objects from missing ones or changed them").isEmpty();
    }

    /** Runs every case of the dimension, the ones creating the attacker's own objects last, and lists the differences. */
    private static List<String> run(AccessWorld w, Dimension dimension, Target victim, Target missing, String victimSource) {
        Map<String, Case> cases = cases(w);
        List<String> order = new ArrayList<>();
        cases.forEach((name, c) -> {
            if (c.dimensions().contains(dimension) && !c.creates()) {
                order.add(name);
            }
        });
        cases.forEach((name, c) -> {
            if (c.dimensions().contains(dimension) && c.creates()) {
                order.add(name);
            }
        });
        UUID victimCompany = victimSource == null ? w.otherCompany.company().id() : w.attacker.company().id();
        List<String> leaks = new ArrayList<>();
        for (String name : order) {
            Map<String, String> before = VictimRows.of(victimCompany, victimSource);
            Response onVictim = cases.get(name).call().apply(victim);
            Map<String, String> after = VictimRows.of(victimCompany, victimSource);
            Response onMissing = cases.get(name).call().apply(missing);
            String seen = Answers.normalized(onVictim, victim);
            String expected = Answers.normalized(onMissing, missing);
            if (!seen.equals(expected)) {
                leaks.add(dimension + " " + name + ": victim's id answered " + seen + " but a missing id " + expected);
            }
            if (!before.equals(after)) {
                leaks.add(dimension + " " + name + ": changed the victim's rows " + changed(before, after));
            }
        }
        return leaks;
    }

    private static Map<String, String> changed(Map<String, String> before, Map<String, String> after) {
        Map<String, String> changed = new TreeMap<>();
        after.forEach((table, digest) -> {
            if (!digest.equals(before.get(table))) {
                changed.put(table, before.get(table) + " -> " + digest);
            }
        });
        return changed;
    }

    /** The matrix: one entry per operation taking an id. {@code w} is null when only the names are needed. */
    private static Map<String, Case> cases(AccessWorld w) {
        Map<String, Case> cases = new LinkedHashMap<>();
        publicInvoices(cases, w);
        integrations(cases, w);
        externalPayments(cases, w);
        checkoutHelper(cases, w);
        administration(cases, w);
        return cases;
    }

    private static void publicInvoices(Map<String, Case> cases, AccessWorld w) {
        cases.put("GET /v1/invoices/{invoiceId}", new Case(KEYED, false, t -> Invoices.get(w.attacker.live(), t.invoice())));
        cases.put("PUT /v1/invoices/{invoiceId}", new Case(KEYED, false,
                t -> Invoices.put(w.attacker.live(), t.invoice(), Invoices.replacement(30))));
        cases.put("DELETE /v1/invoices/{invoiceId}", new Case(KEYED, false,
                t -> Invoices.settle(w.attacker.live(), t.invoice(), "PP-1")));
        cases.put("POST /v1/invoices", new Case(KEYED, true, t -> Invoices.post(w.attacker.live(),
                AccessWorld.invoiceBody(w.attacker.source(), t.providerId()))));
        cases.put("POST /sandbox/checkouts/{checkoutId}/complete", new Case(KEYED, false,
                t -> sandbox(w).post("/sandbox/checkouts/{id}/complete", t.testExternalCheckout())));
        cases.put("POST /sandbox/checkouts/{checkoutId}/fail", new Case(KEYED, false,
                t -> sandbox(w).post("/sandbox/checkouts/{id}/fail", t.testCheckout())));
        cases.put("POST /sandbox/invoices/{invoiceId}/conciliate", new Case(KEYED, false,
                t -> sandbox(w).post("/sandbox/invoices/{id}/conciliate", t.testInvoice())));
    }

    private static RequestSpecification sandbox(AccessWorld w) {
        return given().auth().oauth2(w.attacker.test().secret());
    }

    private static void integrations(Map<String, Case> cases, AccessWorld w) {
        cases.put("GET /integrations/v1/{companyId}/customers", new Case(LISTS, false,
                t -> Integrations.get(w.attacker.live(), base(t) + "/customers", "source=" + t.source())));
        cases.put("POST /integrations/v1/{companyId}/customers/upsert", new Case(ALL, true,
                t -> Integrations.post(w.attacker.live(), base(t) + "/customers/upsert", "{\"source\":\"" + w.attacker.source()
                        + "\",\"externalCustomerId\":\"" + t.customer() + "\",\"type\":\"business\",\"name\":\"Intruso\"}")));
        cases.put("GET /integrations/v1/{companyId}/collection-documents", new Case(LISTS, false,
                t -> Integrations.get(w.attacker.live(), base(t) + "/collection-documents",
                        "source=" + t.source() + "&externalDocumentId=" + t.document())));
        cases.put("GET /integrations/v1/{companyId}/collection-documents/{externalDocumentId}", new Case(ALL, false,
                t -> Integrations.get(w.attacker.live(), base(t) + "/collection-documents/" + t.document())));
        cases.put("POST /integrations/v1/{companyId}/collection-documents/upsert", new Case(ALL, true,
                t -> Integrations.post(w.attacker.live(), base(t) + "/collection-documents/upsert",
                        Partner.document(t.document(), t.customer(), "USD", 700)
                                .replace("acme-erp", w.attacker.source()))));
        cases.put("POST /integrations/v1/{companyId}/collection-documents/{externalDocumentId}/cancel", new Case(ALL, false,
                t -> Integrations.post(w.attacker.live(), base(t) + "/collection-documents/" + t.document() + "/cancel", "")));
        cases.put("GET /integrations/v1/{companyId}/payments", new Case(LISTS, false,
                t -> Integrations.get(w.attacker.live(), base(t) + "/payments",
                        "source=" + t.source() + "&externalPaymentId=" + t.payment())));
        cases.put("GET /integrations/v1/{companyId}/payments/{externalPaymentId}", new Case(ALL, false,
                t -> Integrations.get(w.attacker.live(), base(t) + "/payments/" + t.payment())));
        cases.put("POST /integrations/v1/{companyId}/verified-payments", new Case(ALL, false,
                t -> Integrations.post(w.attacker.live(), base(t) + "/verified-payments",
                        Partner.payment(t.payment() + "-again", AccessWorld.ATTACKER_CUSTOMER, 100, "USD",
                                t.document(), 100).replace("acme-erp", w.attacker.source()))));
        cases.put("POST /integrations/v1/{companyId}/payments/{externalPaymentId}/certified-rate", new Case(ALL, false,
                t -> Integrations.post(w.attacker.live(), base(t) + "/payments/" + t.ratePayment() + "/certified-rate",
                        "{\"refCurrency\":\"USD\",\"refAmountMinor\":1000,\"exchangeRateUsed\":\"0.0274\","
                                + "\"effectiveDate\":\"2026-11-22\",\"documents\":[{\"externalDocumentId\":\""
                                + t.rateDocument() + "\",\"amountMinor\":1000}]}")));
        cases.put("GET /integrations/v1/{companyId}/audit/{requestId}", new Case(ALL, false,
                t -> Integrations.get(w.attacker.live(), base(t) + "/audit/" + t.requestId())));
    }

    private static String base(Target t) {
        return "/integrations/v1/" + t.company();
    }

    private static void externalPayments(Map<String, Case> cases, AccessWorld w) {
        // Test keys: live external payments have no processor yet, so the objects exist in the test environment.
        cases.put("GET /external/payments/{id}", new Case(KEYED, false, t -> ExternalPayments.get(w.attacker.test(), t.externalPayment())));
        cases.put("DELETE /external/payments/{id}", new Case(KEYED, false,
                t -> given().header("X-API-Key", w.attacker.test().secret()).delete("/external/payments/{id}", t.externalPayment())));
        cases.put("POST /external/payments", new Case(KEYED, false, t -> ExternalPayments.post(w.attacker.test(),
                "/external/payments", Map.of("amountMinor", 100, "currency", "USD", "invoiceId", t.testInvoice()))));
        cases.put("POST /external/payments/direct", new Case(KEYED, false, t -> ExternalPayments.post(w.attacker.test(),
                "/external/payments/direct", Map.of("amountMinor", 100, "currency", "USD", "invoiceId", t.testInvoice()))));
        cases.put("POST /external/payments/{id}/refunds", new Case(KEYED, false, t -> ExternalPayments.post(w.attacker.test(),
                "/external/payments/" + t.externalPayment() + "/refunds", Map.of("amountMinor", 100))));
        cases.put("GET /external/payments/{id}/refunds", new Case(KEYED, false, t -> given()
                .header("X-API-Key", w.attacker.test().secret()).get("/external/payments/{id}/refunds", t.externalPayment())));
        cases.put("POST /sandbox/external-payments/{id}/chargeback", new Case(KEYED, false,
                t -> sandbox(w).post("/sandbox/external-payments/{id}/chargeback", t.externalPayment())));
    }

    private static void checkoutHelper(Map<String, Case> cases, AccessWorld w) {
        cases.put("GET /checkout/company/{companyId}/product/sku/{sku}", new Case(TENANT, false,
                t -> checkout(w).get("/checkout/company/{c}/product/sku/{sku}", t.company(), t.sku())));
        cases.put("POST /checkout/product", new Case(COMPANY_ONLY, false, t -> checkout(w).contentType(ContentType.JSON)
                .body(Map.of("companyId", t.company().toString(), "sku", t.sku(), "name", "Intruso", "amountMinor", 1,
                        "currency", "USD"))
                .post("/checkout/product")));
        cases.put("POST /checkout/resolve-customer", new Case(COMPANY_ONLY, false, t -> checkout(w).contentType(ContentType.JSON)
                .body(Map.of("companyId", t.company().toString(), "email", "intruso@example.test", "name", "Intruso"))
                .post("/checkout/resolve-customer")));
    }

    private static RequestSpecification checkout(AccessWorld w) {
        return given().auth().oauth2(w.attacker.checkoutToken());
    }

    private static void administration(Map<String, Case> cases, AccessWorld w) {
        cases.put("POST /companies/{companyId}/api-keys", new Case(COMPANY_ONLY, false,
                t -> admin(w).contentType(ContentType.JSON).body(Map.of("name", "intruso")).post("/companies/{c}/api-keys", t.company())));
        cases.put("GET /companies/{companyId}/api-keys", new Case(COMPANY_ONLY, false,
                t -> admin(w).get("/companies/{c}/api-keys", t.company())));
        cases.put("DELETE /companies/{companyId}/api-keys/{keyId}", new Case(TENANT, false,
                t -> admin(w).delete("/companies/{c}/api-keys/{k}", t.company(), t.apiKey())));
        cases.put("POST /companies/{companyId}/api-keys/{keyId}/rotate", new Case(TENANT, false,
                t -> admin(w).post("/companies/{c}/api-keys/{k}/rotate", t.company(), t.apiKey())));
        cases.put("GET /companies/{companyId}/audit-records", new Case(COMPANY_ONLY, false,
                t -> admin(w).get("/companies/{c}/audit-records", t.company())));
        cases.put("GET /companies/{companyId}/payouts", new Case(COMPANY_ONLY, false,
                t -> admin(w).get("/companies/{c}/payouts", t.company())));
        cases.put("PUT /companies/{companyId}/payment-rails/{rail}", new Case(COMPANY_ONLY, false,
                t -> admin(w).contentType(ContentType.JSON).body(Map.of("secretKey", "sk_live_intruso123",
                        "webhookSecret", "whsec_intruso123")).put("/companies/{c}/payment-rails/stripe", t.company())));
        cases.put("GET /companies/{companyId}/payment-rails/{rail}", new Case(COMPANY_ONLY, false,
                t -> admin(w).get("/companies/{c}/payment-rails/stripe", t.company())));
        cases.put("GET /companies/{companyId}/webhook-secret", new Case(COMPANY_ONLY, false,
                t -> admin(w).get("/companies/{c}/webhook-secret", t.company())));
        cases.put("POST /companies/{companyId}/webhook-secret/rotate", new Case(COMPANY_ONLY, false,
                t -> admin(w).post("/companies/{c}/webhook-secret/rotate", t.company())));
        cases.put("POST /companies/{companyId}/webhook-endpoints", new Case(COMPANY_ONLY, false,
                t -> admin(w).contentType(ContentType.JSON).body(Map.of("url", "http://127.0.0.1:9/intruso"))
                        .post("/companies/{c}/webhook-endpoints", t.company())));
        // Bank transfers (issue 23): another company's administrator is refused on the company's path.
        cases.put("POST /companies/{companyId}/receiving-accounts", new Case(COMPANY_ONLY, false,
                t -> admin(w).contentType(ContentType.JSON).body(Map.of("bank", "B", "accountNumber", "1", "holder", "H",
                        "currency", "USD")).post("/companies/{c}/receiving-accounts", t.company())));
        cases.put("GET /companies/{companyId}/receiving-accounts", new Case(COMPANY_ONLY, false,
                t -> admin(w).get("/companies/{c}/receiving-accounts", t.company())));
        cases.put("DELETE /companies/{companyId}/receiving-accounts/{accountId}", new Case(COMPANY_ONLY, false,
                t -> admin(w).delete("/companies/{c}/receiving-accounts/{a}", t.company(), java.util.UUID.randomUUID())));
        cases.put("PUT /companies/{companyId}/receiving-accounts/{accountId}/csv-mapping", new Case(COMPANY_ONLY, false,
                t -> admin(w).contentType(ContentType.JSON).body("{}")
                        .put("/companies/{c}/receiving-accounts/{a}/csv-mapping", t.company(), java.util.UUID.randomUUID())));
        cases.put("GET /companies/{companyId}/receiving-accounts/{accountId}/csv-mapping", new Case(COMPANY_ONLY, false,
                t -> admin(w).get("/companies/{c}/receiving-accounts/{a}/csv-mapping", t.company(), java.util.UUID.randomUUID())));
        cases.put("POST /companies/{companyId}/bank-statements", new Case(COMPANY_ONLY, false,
                t -> admin(w).header("X-Receiving-Account", java.util.UUID.randomUUID().toString()).contentType("text/csv")
                        .body("date,amount,currency\n").post("/companies/{c}/bank-statements?statementId=x", t.company())));
        cases.put("GET /companies/{companyId}/bank-statements", new Case(COMPANY_ONLY, false,
                t -> admin(w).get("/companies/{c}/bank-statements", t.company())));
        cases.put("GET /companies/{companyId}/reconciliation-proposals", new Case(COMPANY_ONLY, false,
                t -> admin(w).get("/companies/{c}/reconciliation-proposals", t.company())));
        cases.put("POST /companies/{companyId}/reconciliation-proposals/{proposalId}/confirm", new Case(COMPANY_ONLY, false,
                t -> admin(w).post("/companies/{c}/reconciliation-proposals/{p}/confirm", t.company(), java.util.UUID.randomUUID())));
        cases.put("POST /companies/{companyId}/reconciliation-proposals/{proposalId}/dismiss", new Case(COMPANY_ONLY, false,
                t -> admin(w).post("/companies/{c}/reconciliation-proposals/{p}/dismiss", t.company(), java.util.UUID.randomUUID())));
        cases.put("GET /companies/{companyId}/webhook-endpoints", new Case(COMPANY_ONLY, false,
                t -> admin(w).get("/companies/{c}/webhook-endpoints", t.company())));
        cases.put("DELETE /companies/{companyId}/webhook-endpoints/{endpointId}", new Case(TENANT, false,
                t -> admin(w).delete("/companies/{c}/webhook-endpoints/{e}", t.company(), t.endpoint())));
        cases.put("POST /companies/{companyId}/webhook-endpoints/{endpointId}/rotate-secret", new Case(TENANT, false,
                t -> admin(w).post("/companies/{c}/webhook-endpoints/{e}/rotate-secret", t.company(), t.endpoint())));
        cases.put("POST /companies/{companyId}/webhook-endpoints/{endpointId}/resume", new Case(TENANT, false,
                t -> admin(w).post("/companies/{c}/webhook-endpoints/{e}/resume", t.company(), t.endpoint())));
        cases.put("GET /companies/{companyId}/webhook-endpoints/{endpointId}/deliveries", new Case(TENANT, false,
                t -> admin(w).get("/companies/{c}/webhook-endpoints/{e}/deliveries", t.company(), t.endpoint())));
        cases.put("POST /companies/{companyId}/webhook-endpoints/{endpointId}/deliveries/{deliveryId}/redeliver",
                new Case(TENANT, false, t -> admin(w).post("/companies/{c}/webhook-endpoints/{e}/deliveries/{d}/redeliver",
                        t.company(), t.endpoint(), t.delivery())));
    }

    private static RequestSpecification admin(AccessWorld w) {
        return given().auth().oauth2(w.attacker.company().adminToken());
    }
}

package dev.recaudo.e2e.console;

import static dev.recaudo.e2e.console.ConsoleClient.home;
import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;

import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaMethod;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import dev.recaudo.e2e.console.ConsoleClient.Session;
import dev.recaudo.e2e.support.Invoices;
import dev.recaudo.e2e.support.Sql;
import dev.recaudo.e2e.support.Tenants;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.response.Response;
import io.restassured.specification.RequestSpecification;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.UUID;
import java.util.stream.Collectors;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Issue 26, the hostile-access matrix for the console: every page and form of a session, found from
 * the console's resources so that a new one cannot be left out, is refused without a session, with a
 * forged, expired or signed-out session, to a role below its own, and (forms) without the session's
 * token or with another session's; another company's administrator reaches none of this company's
 * people or invitations. Nothing of the company changes along the way.
 */
@QuarkusTest
class ConsoleHostileAccessTest {

    /** Every console route that needs a session: its method, path template, the role it needs, and a form's fields. */
    private record Route(String method, String template, String role, Map<String, String> fields) {
        boolean form() {
            return method.equals("POST");
        }

        String key() {
            return method + " " + template;
        }
    }

    private static final List<Route> SIGNED_IN = List.of(
            new Route("GET", "/console", "viewer", Map.of()),
            new Route("GET", "/console/account", "viewer", Map.of()),
            new Route("GET", "/console/people", "admin", Map.of()),
            new Route("POST", "/console/environment", "viewer", Map.of("environment", "test")),
            new Route("POST", "/console/sign-out", "viewer", Map.of()),
            new Route("POST", "/console/account/password", "viewer", Map.of("current", Tenants.PASSWORD, "password", "hostile horse battery")),
            new Route("POST", "/console/people", "admin", Map.of("email", "hostile@example.test", "role", "admin")),
            new Route("POST", "/console/people/{personId}/role", "admin", Map.of("role", "admin")),
            new Route("POST", "/console/people/{personId}/remove", "admin", Map.of()),
            new Route("POST", "/console/people/invitations/{invitationId}/revoke", "admin", Map.of()),
            new Route("POST", "/console/company/time-zone", "admin", Map.of("timeZone", "Pacific/Kiritimati")),
            new Route("GET", "/console/documents", "viewer", Map.of()),
            new Route("GET", "/console/documents/{documentId}", "viewer", Map.of()),
            new Route("POST", "/console/documents/{documentId}/deliveries/{deliveryId}/redeliver", "admin", Map.of()),
            new Route("GET", "/console/customers", "viewer", Map.of()),
            new Route("GET", "/console/customers/{customerId}/statement", "viewer", Map.of()),
            new Route("GET", "/console/customers/{customerId}/statement.csv", "viewer", Map.of()),
            new Route("GET", "/console/customers/{customerId}/statement.pdf", "viewer", Map.of()),
            new Route("GET", "/console/reconciliation", "viewer", Map.of()),
            new Route("GET", "/console/payments", "viewer", Map.of()),
            new Route("GET", "/console/exports", "viewer", Map.of()),
            new Route("GET", "/console/integration/keys", "admin", Map.of()),
            new Route("POST", "/console/integration/keys", "admin", Map.of("name", "hostile")),
            new Route("POST", "/console/integration/keys/{keyId}/rotate", "admin", Map.of()),
            new Route("POST", "/console/integration/keys/{keyId}/revoke", "admin", Map.of()),
            new Route("GET", "/console/integration/webhooks", "admin", Map.of()),
            new Route("GET", "/console/integration/audit", "admin", Map.of()),
            new Route("GET", "/console/integration/whatsapp", "viewer", Map.of()),
            new Route("POST", "/console/integration/webhooks", "admin", Map.of("url", "https://example.com/hostile")),
            new Route("GET", "/console/integration/webhooks/{endpointId}", "admin", Map.of()),
            new Route("POST", "/console/integration/webhooks/{endpointId}/rotate", "admin", Map.of()),
            new Route("POST", "/console/integration/webhooks/{endpointId}/deliveries/{deliveryId}/redeliver", "admin", Map.of()),
            new Route("GET", "/console/exports/applied-payments.csv", "viewer", Map.of()),
            new Route("POST", "/console/reconciliation/{proposalId}/confirm", "clerk", Map.of()),
            new Route("POST", "/console/reconciliation/{proposalId}/dismiss", "clerk", Map.of()),
            new Route("POST", "/console/reconciliation/bulk", "clerk", Map.of("action", "dismiss", "proposal", UUID.randomUUID().toString())));

    /** The routes a person reaches before having a session: signing in, and accepting an invitation. */
    private static final Set<String> OPEN = Set.of("GET /console/sign-in", "POST /console/sign-in", "GET /console/invitation",
            "POST /console/invitation");

    private Tenants.Company company;
    private Session admin;
    private Session viewer;
    private String personId;
    private String invitationId;
    private String documentId;
    private String customerId;
    private String keyId;
    private String endpointId;

    @BeforeEach
    void aCompanyWithAViewerAndAnOpenInvitation() {
        company = Tenants.company();
        admin = Session.of(company);
        viewer = ConsoleClient.invited(admin, "viewer");
        personId = Sql.text("SELECT id::text FROM admin_users WHERE company_id = ? AND role = 'viewer'", company.id());
        ConsoleClient.post(admin, "/console/people", Map.of("email", "pending-" + UUID.randomUUID() + "@example.test", "role", "clerk"));
        invitationId = Sql.text("SELECT id::text FROM company_invitations WHERE company_id = ? AND accepted_at IS NULL", company.id());
        documentId = Invoices.create(Invoices.liveKey(company)).getString("id");
        customerId = Sql.text("SELECT customer_id::text FROM collection_documents WHERE id = ?::uuid", documentId);
        keyId = Sql.text("SELECT id::text FROM api_keys WHERE company_id = ? AND revoked_at IS NULL", company.id());
        endpointId = given().auth().oauth2(company.adminToken()).contentType("application/json")
                .body(Map.of("url", "http://127.0.0.1:9/recaudo", "events", List.of("invoice.paid")))
                .post("/companies/{id}/webhook-endpoints", company.id()).then().statusCode(201).extract().path("id");
    }

    @Test
    void givenTheConsolesResources_whenListed_thenEveryRouteIsInTheMatrixOrOpenOnPurpose() {
        Set<String> declared = new TreeSet<>();
        for (JavaClass resource : new ClassFileImporter().importPackages("dev.recaudo.rest.console")) {
            if (!resource.isAnnotatedWith(Path.class)) {
                continue;
            }
            String base = resource.getAnnotationOfType(Path.class).value();
            for (JavaMethod method : resource.getMethods()) {
                String verb = method.isAnnotatedWith(GET.class) ? "GET" : method.isAnnotatedWith(POST.class) ? "POST" : null;
                if (verb != null) {
                    String sub = method.isAnnotatedWith(Path.class) ? "/" + method.getAnnotationOfType(Path.class).value() : "";
                    declared.add(verb + " " + base + sub);
                }
            }
        }
        Set<String> covered = new TreeSet<>(OPEN);
        covered.addAll(SIGNED_IN.stream().map(Route::key).collect(Collectors.toSet()));
        assertThat(declared).isEqualTo(covered);
    }

    @Test
    void givenNoForgedExpiredOrSignedOutSession_whenEveryRouteIsCalled_thenEachLeadsToTheSignInPage() {
        Session ended = Session.of(Tenants.company());
        ConsoleClient.post(ended, "/console/sign-out", Map.of());
        Session idle = Session.of(Tenants.company());
        Sql.execute("UPDATE console_sessions SET last_seen_at = now() - interval '1 hour' WHERE company_id = ?", idle.company().id());
        List<String> cookies = List.of("", "A".repeat(43), "x".repeat(5000), "eyJhbGciOiJSUzI1NiJ9.e30.c2ln", ended.id(), idle.id());

        for (Route route : SIGNED_IN) {
            for (String cookie : cookies) {
                RequestSpecification request = given().redirects().follow(false).formParams(route.form() ? fields(route) : Map.of());
                if (!cookie.isEmpty()) {
                    request.cookie("recaudo_console", cookie);
                }
                Response answer = request.request(route.method(), path(route));
                assertThat(answer.statusCode()).as("%s with cookie %.12s", route.key(), cookie).isEqualTo(303);
                assertThat(answer.header("Location")).as("%s", route.key()).endsWith("sign-in");
            }
        }
        assertUnchanged();
    }

    @Test
    void givenFormsWithoutTheSessionsTokenOrWithAnothers_whenPosted_thenRefusedAndNothingChanges() {
        Session stranger = Session.of(Tenants.company());
        for (Route route : SIGNED_IN.stream().filter(Route::form).toList()) {
            Response missing = given().redirects().follow(false).cookie("recaudo_console", admin.id()).formParams(fields(route))
                    .request(route.method(), path(route));
            Map<String, String> foreign = new HashMap<>(fields(route));
            foreign.put("csrf", stranger.csrf());
            Response other = given().redirects().follow(false).cookie("recaudo_console", admin.id()).formParams(foreign)
                    .request(route.method(), path(route));
            assertThat(List.of(missing.statusCode(), other.statusCode())).as(route.key()).containsOnly(403);
        }
        assertUnchanged();
    }

    @Test
    void givenAViewer_whenEveryClerksAndAdministratorsRouteIsCalled_thenRefused() {
        for (Route route : SIGNED_IN.stream().filter(route -> !route.role().equals("viewer")).toList()) {
            Map<String, String> fields = new HashMap<>(fields(route));
            fields.put("csrf", viewer.csrf());
            Response answer = given().redirects().follow(false).cookie("recaudo_console", viewer.id())
                    .formParams(route.form() ? fields : Map.of()).request(route.method(), path(route));
            assertThat(answer.statusCode()).as(route.key()).isEqualTo(403);
        }
        assertUnchanged();
    }

    @Test
    void givenAnotherCompanysAdministrator_whenThisCompanysPeopleInvitationsAndDocumentsAreNamed_thenNotFound() {
        Session stranger = Session.of(Tenants.company());
        for (Route route : SIGNED_IN.stream().filter(route -> route.template().contains("{")).toList()) {
            Response answer = given().redirects().follow(false).cookie("recaudo_console", stranger.id())
                    .formParams(route.form() ? withToken(route.fields(), stranger) : Map.of()).request(route.method(), path(route));
            assertThat(answer.statusCode()).as(route.key()).isEqualTo(404);
        }
        assertThat(ConsoleClient.get(stranger, "/console/people").body().asString()).doesNotContain(personId);
        assertUnchanged();
    }

    private String path(Route route) {
        return route.template().replace("{personId}", personId).replace("{invitationId}", invitationId)
                .replace("{documentId}", documentId).replace("{deliveryId}", UUID.randomUUID().toString())
                .replace("{customerId}", customerId).replace("{proposalId}", UUID.randomUUID().toString())
                .replace("{keyId}", keyId).replace("{endpointId}", endpointId);
    }

    private static Map<String, String> withToken(Map<String, String> fields, Session session) {
        Map<String, String> signed = new HashMap<>(fields);
        signed.put("csrf", session.csrf());
        return signed;
    }

    private static Map<String, String> fields(Route route) {
        return route.fields();
    }

    /** The company as the set-up left it: its two people with their roles, the open invitation, a live session. */
    private void assertUnchanged() {
        assertThat(Sql.text("SELECT string_agg(role, ',' ORDER BY role) FROM admin_users WHERE company_id = ?", company.id()))
                .isEqualTo("admin,viewer");
        assertThat(Sql.count("SELECT count(*) FROM company_invitations WHERE company_id = ? AND revoked_at IS NULL"
                + " AND accepted_at IS NULL", company.id())).isEqualTo(1);
        assertThat(home(admin.id()).statusCode()).isEqualTo(200);
        assertThat(Sql.text("SELECT time_zone FROM companies WHERE id = ?", company.id())).isEqualTo("UTC");
        assertThat(Sql.count("SELECT count(*) FROM api_keys WHERE company_id = ? AND revoked_at IS NULL", company.id())).isEqualTo(1);
        assertThat(Sql.count("SELECT count(*) FROM webhook_endpoints WHERE company_id = ? AND deleted_at IS NULL", company.id()))
                .isEqualTo(1);
        assertThat(Sql.text("SELECT environment FROM console_sessions WHERE company_id = ? AND admin_user_id ="
                + " (SELECT id FROM admin_users WHERE company_id = ? AND role = 'admin')", company.id(), company.id())).isEqualTo("live");
    }
}

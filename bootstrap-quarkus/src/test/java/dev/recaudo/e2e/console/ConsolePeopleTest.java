package dev.recaudo.e2e.console;

import static dev.recaudo.e2e.console.ConsoleClient.csrfOf;
import static dev.recaudo.e2e.console.ConsoleClient.home;
import static dev.recaudo.e2e.console.ConsoleClient.sessionCookieHeader;
import static dev.recaudo.e2e.console.ConsoleClient.signIn;
import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;

import dev.recaudo.e2e.console.ConsoleClient.Session;
import dev.recaudo.e2e.console.ConsoleClient.SignInForm;
import at.favre.lib.crypto.bcrypt.BCrypt;
import dev.recaudo.e2e.support.Sql;
import dev.recaudo.e2e.support.Tenants;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import io.restassured.response.Response;
import java.net.URI;
import java.util.Map;
import java.util.UUID;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * Issue 26, people: an administrator invites a person with a role; the person accepts the link with
 * a password and is signed in; roles decide what a person sees (only administrators manage people
 * and use the administration API); a company always keeps an administrator; a removed person's
 * session ends; a password change needs the current password and ends every session of the person.
 * Every change is in the audit trail under the person who made it.
 */
@QuarkusTest
class ConsolePeopleTest {

    private static final Pattern LINK = Pattern.compile("id=\"invitation-link\">([^<]+)<");

    @Test
    void givenAnInvitation_whenThePersonAcceptsIt_thenTheyAreSignedInWithTheirRoleAndOnlyOnce() {
        Tenants.Company company = Tenants.company();
        Session ana = Session.of(company);
        String email = "luis-" + UUID.randomUUID() + "@example.test";

        String token = invite(ana, email, "viewer");
        Response page = given().queryParam("token", token).get("/console/invitation");
        assertThat(page.statusCode()).isEqualTo(200);
        assertThat(page.body().asString()).contains(email).contains("Consulta");

        Response joined = accept(token, "a password for luis");
        assertThat(joined.statusCode()).isEqualTo(303);
        assertThat(joined.header("Location")).isEqualTo("../console");
        String luis = sessionOf(joined);
        Response luisHome = home(luis);
        assertThat(luisHome.body().asString()).contains(email).contains("id=\"role\">Consulta<").doesNotContain("console/people");
        assertThat(accept(token, "a password for luis").statusCode()).as("the link used again").isEqualTo(404);
        assertThat(given().queryParam("token", token).get("/console/invitation").statusCode()).isEqualTo(404);
        assertThat(Sql.count("SELECT count(*) FROM audit_records WHERE company_id = ? AND operation = 'POST /console/invitation'"
                + " AND admin_user_id = (SELECT id FROM admin_users WHERE email = ?)", company.id(), email)).isEqualTo(1);
        assertThat(Sql.count("SELECT count(*) FROM audit_records WHERE company_id = ? AND operation = 'POST /console/people'"
                + " AND admin_user_id = (SELECT id FROM admin_users WHERE email = ?) AND http_status = 200", company.id(),
                company.adminEmail())).isEqualTo(1);
    }

    @Test
    void givenAViewerOrAClerk_whenOpeningPeopleOrAskingForAnApiToken_thenRefused() {
        Tenants.Company company = Tenants.company();
        Session ana = Session.of(company);
        String email = "eva-" + UUID.randomUUID() + "@example.test";
        String eva = sessionOf(accept(invite(ana, email, "clerk"), "a password for eva"));

        Response people = given().redirects().follow(false).cookie("recaudo_console", eva).get("/console/people");
        assertThat(people.statusCode()).isEqualTo(403);
        assertThat(people.body().asString()).contains("No tienes permiso");
        Response invite = given().redirects().follow(false).cookie("recaudo_console", eva).formParam("csrf", csrfOf(home(eva).body()
                .asString())).formParam("email", "x-" + UUID.randomUUID() + "@example.test").formParam("role", "admin")
                .post("/console/people");
        assertThat(invite.statusCode()).isEqualTo(403);
        assertThat(given().contentType(ContentType.JSON).body(Map.of("email", email, "password", "a password for eva"))
                .post("/auth/token").then().extract().statusCode()).isEqualTo(403);
        assertThat(Sql.count("SELECT count(*) FROM company_invitations WHERE company_id = ?", company.id())).isEqualTo(1);
    }

    @Test
    void givenTheOnlyAdministrator_whenDemotingThemselves_thenRefusedUntilAnotherIsMadeAdministrator() {
        Tenants.Company company = Tenants.company();
        Session ana = Session.of(company);
        String email = "bea-" + UUID.randomUUID() + "@example.test";
        sessionOf(accept(invite(ana, email, "viewer"), "a password for bea"));
        String anaId = Sql.text("SELECT id::text FROM admin_users WHERE email = ?", company.adminEmail());
        String beaId = Sql.text("SELECT id::text FROM admin_users WHERE email = ?", email);

        Response refused = ConsoleClient.post(ana, "/console/people/" + anaId + "/role", Map.of("role", "viewer"));
        assertThat(refused.statusCode()).isEqualTo(409);
        assertThat(refused.body().asString()).contains("al menos un administrador");

        assertThat(ConsoleClient.post(ana, "/console/people/" + beaId + "/role", Map.of("role", "admin")).statusCode()).isEqualTo(303);
        assertThat(ConsoleClient.post(ana, "/console/people/" + anaId + "/role", Map.of("role", "viewer")).statusCode()).isEqualTo(303);
        assertThat(Sql.text("SELECT string_agg(role, ',' ORDER BY email) FROM admin_users WHERE company_id = ?", company.id()))
                .as("admin-... before bea-...").isEqualTo("viewer,admin");
        assertThat(ConsoleClient.get(ana, "/console/people").statusCode()).as("a viewer now").isEqualTo(403);
    }

    @Test
    void givenAPersonRemoved_whenTheirSessionIsUsed_thenTheSignInPageAndAnotherCompanysPeopleAreOutOfReach() {
        Tenants.Company company = Tenants.company();
        Session ana = Session.of(company);
        Session other = Session.of(Tenants.company());
        String email = "ivo-" + UUID.randomUUID() + "@example.test";
        String ivo = sessionOf(accept(invite(ana, email, "clerk"), "a password for ivo"));
        String ivoId = Sql.text("SELECT id::text FROM admin_users WHERE email = ?", email);

        assertThat(ConsoleClient.post(other, "/console/people/" + ivoId + "/remove", Map.of()).statusCode())
                .as("another company's administrator").isEqualTo(404);
        assertThat(home(ivo).statusCode()).isEqualTo(200);

        assertThat(ConsoleClient.post(ana, "/console/people/" + ivoId + "/remove", Map.of()).statusCode()).isEqualTo(303);

        assertThat(home(ivo).statusCode()).isEqualTo(303);
        assertThat(signIn(email, "a password for ivo").statusCode()).isEqualTo(401);
        assertThat(Sql.count("SELECT count(*) FROM audit_records WHERE company_id = ? AND operation ="
                + " 'POST /console/people/{personId}/remove' AND target_id = ?::uuid", company.id(), ivoId)).isEqualTo(1);
    }

    @Test
    void givenAnInvitationRevoked_whenItsLinkIsOpened_thenItIsNoLongerValid() {
        Session ana = Session.of(Tenants.company());
        String token = invite(ana, "rev-" + UUID.randomUUID() + "@example.test", "viewer");
        String invitationId = Sql.text("SELECT id::text FROM company_invitations WHERE company_id = ?", ana.company().id());

        assertThat(ConsoleClient.post(ana, "/console/people/invitations/" + invitationId + "/revoke", Map.of()).statusCode())
                .isEqualTo(303);

        assertThat(given().queryParam("token", token).get("/console/invitation").statusCode()).isEqualTo(404);
        assertThat(accept(token, "a password for rev").statusCode()).isEqualTo(404);
    }

    @Test
    void givenAPasswordChange_whenTheCurrentPasswordIsRight_thenEverySessionEndsAndOnlyTheNewPasswordSignsIn() {
        Tenants.Company company = Tenants.company();
        Session first = Session.of(company);
        Session second = Session.of(company);

        Response wrong = ConsoleClient.post(first, "/console/account/password", Map.of("current", "not it", "password", "new horse battery"));
        Response shortOne = ConsoleClient.post(first, "/console/account/password", Map.of("current", Tenants.PASSWORD, "password", "short"));
        assertThat(wrong.statusCode()).isEqualTo(401);
        assertThat(shortOne.statusCode()).isEqualTo(400);
        assertThat(home(second.id()).statusCode()).isEqualTo(200);

        Response changed = ConsoleClient.post(first, "/console/account/password",
                Map.of("current", Tenants.PASSWORD, "password", "new horse battery"));

        assertThat(changed.statusCode()).isEqualTo(303);
        assertThat(changed.header("Location")).isEqualTo("../../console/sign-in");
        assertThat(home(first.id()).statusCode()).isEqualTo(303);
        assertThat(home(second.id()).statusCode()).isEqualTo(303);
        assertThat(signIn(company.adminEmail(), Tenants.PASSWORD).statusCode()).isEqualTo(401);
        assertThat(signIn(company.adminEmail(), "new horse battery").statusCode()).isEqualTo(303);
    }

    @Test
    void givenAViewer_whenStored_thenOnlyThisReleaseSignsThemInAReleaseWithoutRolesReadsNoHash() {
        Session ana = Session.of(Tenants.company());
        String email = "old-" + UUID.randomUUID() + "@example.test";
        sessionOf(accept(invite(ana, email, "viewer"), "a password for old"));

        String stored = Sql.text("SELECT password_hash FROM admin_users WHERE email = ?", email);

        assertThat(stored).startsWith("!$2a$");
        assertThat(BCrypt.verifyer().verify("a password for old".toCharArray(), stored).verified)
                .as("what v0.1.0's hasher answers").isFalse();
        assertThat(signIn(email, "a password for old").statusCode()).isEqualTo(303);
        String id = Sql.text("SELECT id::text FROM admin_users WHERE email = ?", email);
        assertThat(ConsoleClient.post(ana, "/console/people/" + id + "/role", Map.of("role", "admin")).statusCode()).isEqualTo(303);
        assertThat(Sql.text("SELECT password_hash FROM admin_users WHERE email = ?", email)).startsWith("$2a$");
        assertThat(Sql.count("SELECT count(*) FROM audit_records WHERE company_id = ? AND operation ="
                + " 'POST /console/people/{personId}/role' AND detail = 'role admin' AND target_id = ?::uuid", ana.company().id(), id))
                .isEqualTo(1);
    }

    @Test
    void givenATokenIssuedBeforeItsAdministratorWasDemoted_whenUsed_thenRefusedAtOnce() {
        Tenants.Company company = Tenants.company();
        Session ana = Session.of(company);
        String email = "tok-" + UUID.randomUUID() + "@example.test";
        sessionOf(accept(invite(ana, email, "admin"), "a password for tok"));
        String token = given().contentType(ContentType.JSON).body(Map.of("email", email, "password", "a password for tok"))
                .post("/auth/token").then().statusCode(200).extract().path("accessToken");
        given().auth().oauth2(token).get("/companies/{id}/api-keys", company.id()).then().statusCode(200);

        String id = Sql.text("SELECT id::text FROM admin_users WHERE email = ?", email);
        assertThat(ConsoleClient.post(ana, "/console/people/" + id + "/role", Map.of("role", "clerk")).statusCode()).isEqualTo(303);

        given().auth().oauth2(token).get("/companies/{id}/api-keys", company.id()).then().statusCode(403);
    }

    @Test
    void givenAPeopleFormFromAnotherSite_whenPosted_thenRefusedWhateverItsToken() {
        Session ana = Session.of(Tenants.company());

        Response crossSite = given().redirects().follow(false).header("Sec-Fetch-Site", "cross-site").cookie("recaudo_console", ana.id())
                .formParam("csrf", ana.csrf()).formParam("email", "x-" + UUID.randomUUID() + "@example.test").formParam("role", "admin")
                .post("/console/people");

        assertThat(crossSite.statusCode()).isEqualTo(403);
        assertThat(Sql.count("SELECT count(*) FROM company_invitations WHERE company_id = ?", ana.company().id())).isZero();
    }

    /** Invites {@code email} through the people page and answers the token of the link it showed once. */
    private static String invite(Session admin, String email, String role) {
        Response invited = ConsoleClient.post(admin, "/console/people", Map.of("email", email, "role", role));
        assertThat(invited.statusCode()).as(invited.body().asString()).isEqualTo(200);
        Matcher link = LINK.matcher(invited.body().asString());
        assertThat(link.find()).as("the invitation link on the page").isTrue();
        URI uri = URI.create(link.group(1).replace("&amp;", "&"));
        assertThat(uri.getPath()).endsWith("/console/invitation");
        return uri.getQuery().substring("token=".length());
    }

    /** Accepts with the form of the invitation's page, or of the sign-in page once the invitation's page is gone. */
    private static Response accept(String token, String password) {
        Response page = given().queryParam("token", token).get("/console/invitation");
        SignInForm form = page.statusCode() == 200 ? new SignInForm(page.cookie("recaudo_console_sign_in"),
                csrfOf(page.body().asString())) : SignInForm.fetch();
        return given().redirects().follow(false).cookie("recaudo_console_sign_in", form.nonce())
                .formParam("token", token).formParam("password", password).formParam("csrf", form.csrf()).post("/console/invitation");
    }

    private static String sessionOf(Response signedIn) {
        String cookie = sessionCookieHeader(signedIn);
        return cookie.substring("recaudo_console=".length(), cookie.indexOf(';'));
    }
}

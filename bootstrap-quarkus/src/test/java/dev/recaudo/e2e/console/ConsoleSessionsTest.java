package dev.recaudo.e2e.console;

import static dev.recaudo.e2e.console.ConsoleClient.home;
import static dev.recaudo.e2e.console.ConsoleClient.sessionCookieHeader;
import static dev.recaudo.e2e.console.ConsoleClient.sessionCookieHeaderOrEmpty;
import static dev.recaudo.e2e.console.ConsoleClient.signIn;
import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;

import dev.recaudo.e2e.console.ConsoleClient.Session;
import dev.recaudo.e2e.console.ConsoleClient.SignInForm;
import dev.recaudo.e2e.support.Sql;
import dev.recaudo.e2e.support.Tenants;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.response.Response;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/**
 * Issue 26, people and sessions: signing in to the console makes a session on the server whose id
 * only the browser's cookie holds ({@code HttpOnly}, {@code SameSite=Strict}, never a token); every
 * form carries the session's anti-forgery token; a session ends unused after the idle time, at its
 * longest lifetime whatever its use, and when signed out, after which its cookie opens nothing.
 */
@QuarkusTest
class ConsoleSessionsTest {

    private static final String CONTENT_SECURITY_POLICY = "default-src 'none'; style-src 'self'; img-src 'self';"
            + " form-action 'self'; frame-ancestors 'none'; base-uri 'none'";

    @Test
    void givenTheSignInPage_whenShown_thenItCarriesTheHostedPagesHeadersAndAnAntiForgeryCookieScriptCannotRead() {
        Response page = given().redirects().follow(false).get("/console/sign-in");

        assertThat(page.statusCode()).isEqualTo(200);
        assertThat(page.contentType()).startsWith("text/html");
        assertThat(page.header("Content-Security-Policy")).isEqualTo(CONTENT_SECURITY_POLICY);
        assertThat(page.header("Cache-Control")).isEqualTo("no-store");
        assertThat(page.header("X-Frame-Options")).isEqualTo("DENY");
        assertThat(page.header("Content-Language")).isEqualTo("es-419");
        assertThat(page.header("Set-Cookie")).startsWith("recaudo_console_sign_in=").contains("; HttpOnly; SameSite=Strict")
                .doesNotContain("Secure").doesNotContain("Path=");
        assertThat(page.body().asString()).contains("Iniciar sesión").doesNotContain("<script");
        assertThat(given().header("Accept-Language", "en-US,en;q=0.9").get("/console/sign-in").body().asString())
                .contains("Sign in");
    }

    @Test
    void givenTheRightPassword_whenSigningIn_thenTheSessionIdIsInACookieOnlyItsHashIsStoredAndTheConsoleOpens() throws Exception {
        Tenants.Company company = Tenants.company();

        Response signedIn = signIn(company.adminEmail(), Tenants.PASSWORD);

        assertThat(signedIn.statusCode()).isEqualTo(303);
        assertThat(signedIn.header("Location")).isEqualTo("../console");
        String cookie = sessionCookieHeader(signedIn);
        assertThat(cookie).matches("recaudo_console=[A-Za-z0-9_-]{43}; HttpOnly; SameSite=Strict");
        String sessionId = cookie.substring("recaudo_console=".length(), cookie.indexOf(';'));
        String stored = Sql.text("SELECT encode(id_hash, 'hex') FROM console_sessions WHERE admin_user_id IN"
                + " (SELECT id FROM admin_users WHERE company_id = ?)", company.id());
        assertThat(stored).isEqualTo(HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256")
                .digest(sessionId.getBytes(StandardCharsets.US_ASCII))));
        assertThat(Sql.count("SELECT count(*) FROM console_sessions WHERE company_id = ? AND environment = 'live'", company.id()))
                .isEqualTo(1);

        Response home = home(sessionId);
        assertThat(home.statusCode()).isEqualTo(200);
        assertThat(home.body().asString()).contains(company.adminEmail()).contains(company.id().toString());
        assertThat(home.header("Content-Security-Policy")).isEqualTo(CONTENT_SECURITY_POLICY);
        assertThat(home.header("Cache-Control")).isEqualTo("no-store");
        assertThat(Sql.count("SELECT count(*) FROM audit_records WHERE company_id = ? AND operation = 'POST /console/sign-in'"
                + " AND actor_kind = 'admin' AND http_status = 303", company.id())).isEqualTo(1);
    }

    @Test
    void givenAWrongPasswordOrAFormWithoutItsCookie_whenSigningIn_thenNoSessionIsMade() {
        Tenants.Company company = Tenants.company();

        Response wrong = signIn(company.adminEmail(), "not the password");
        assertThat(wrong.statusCode()).isEqualTo(401);
        assertThat(wrong.body().asString()).contains("Correo o contraseña incorrectos");

        SignInForm form = SignInForm.fetch();
        Response forged = given().redirects().follow(false).formParam("email", company.adminEmail())
                .formParam("password", Tenants.PASSWORD).formParam("csrf", form.csrf()).post("/console/sign-in");
        assertThat(forged.statusCode()).as("the token without the page's cookie").isEqualTo(403);
        Response foreign = given().redirects().follow(false).cookie("recaudo_console_sign_in", SignInForm.fetch().nonce())
                .formParam("email", company.adminEmail()).formParam("password", Tenants.PASSWORD).formParam("csrf", form.csrf())
                .post("/console/sign-in");
        assertThat(foreign.statusCode()).as("the token of another page's cookie").isEqualTo(403);

        assertThat(List.of(wrong, forged, foreign)).allSatisfy(answer -> assertThat(sessionCookieHeaderOrEmpty(answer)).isEmpty());
        assertThat(Sql.count("SELECT count(*) FROM console_sessions WHERE company_id = ?", company.id())).isZero();
    }

    @Test
    void givenFailuresBeyondTheLoginLimit_whenSigningIn_thenRefusedWithRetryAfterEvenWithTheRightPassword() {
        Tenants.Company company = Tenants.company();
        for (int failure = 0; failure < 10; failure++) {
            assertThat(signIn(company.adminEmail(), "wrong " + failure).statusCode()).isEqualTo(401);
        }

        Response refused = signIn(company.adminEmail(), Tenants.PASSWORD);

        assertThat(refused.statusCode()).isEqualTo(429);
        assertThat(Long.parseLong(refused.header("Retry-After"))).isPositive();
        assertThat(sessionCookieHeaderOrEmpty(refused)).isEmpty();
    }

    @Test
    void givenNoSessionOrAnUnknownOne_whenTheConsoleIsOpened_thenTheSignInPage() {
        assertThat(given().redirects().follow(false).get("/console").header("Location")).isEqualTo("console/sign-in");
        Response unknown = home("A".repeat(43));
        assertThat(unknown.statusCode()).isEqualTo(303);
        assertThat(home("eyJhbGciOiJSUzI1NiJ9.eyJzdWIiOiJhIn0.c2ln").statusCode()).isEqualTo(303);
    }

    @Test
    void givenASignOutWithoutTheSessionsToken_whenPosted_thenRefusedAndTheSessionGoesOn() {
        Session ana = Session.of(Tenants.company());
        Session bea = Session.of(Tenants.company());

        Response missing = given().redirects().follow(false).cookie("recaudo_console", ana.id()).post("/console/sign-out");
        Response foreign = given().redirects().follow(false).cookie("recaudo_console", ana.id()).formParam("csrf", bea.csrf())
                .post("/console/sign-out");

        assertThat(List.of(missing.statusCode(), foreign.statusCode())).containsOnly(403);
        assertThat(home(ana.id()).statusCode()).isEqualTo(200);
    }

    @Test
    void givenASignOut_whenTheCookieIsSentAgain_thenTheConsoleIsClosedAndTheCookieRemoved() {
        Session ana = Session.of(Tenants.company());

        Response out = given().redirects().follow(false).cookie("recaudo_console", ana.id()).formParam("csrf", ana.csrf())
                .post("/console/sign-out");

        assertThat(out.statusCode()).isEqualTo(303);
        assertThat(out.header("Location")).isEqualTo("sign-in");
        assertThat(sessionCookieHeader(out)).isEqualTo("recaudo_console=; HttpOnly; SameSite=Strict; Max-Age=0");
        assertThat(home(ana.id()).statusCode()).isEqualTo(303);
        assertThat(Sql.count("SELECT count(*) FROM console_sessions WHERE company_id = ? AND ended_at IS NOT NULL",
                ana.company().id())).isEqualTo(1);
    }

    @Test
    void givenASessionUnusedForTheIdleTimeOrPastItsEnd_whenUsed_thenTheSignInPage() {
        Session idle = Session.of(Tenants.company());
        Session old = Session.of(Tenants.company());
        Session fresh = Session.of(Tenants.company());

        Sql.execute("UPDATE console_sessions SET last_seen_at = now() - interval '15 minutes 1 second' WHERE company_id = ?",
                idle.company().id());
        Sql.execute("UPDATE console_sessions SET created_at = now() - interval '2 hours', ends_at = now() - interval '1 second'"
                + " WHERE company_id = ?", old.company().id());
        Sql.execute("UPDATE console_sessions SET last_seen_at = now() - interval '14 minutes' WHERE company_id = ?",
                fresh.company().id());

        assertThat(home(idle.id()).statusCode()).isEqualTo(303);
        assertThat(home(old.id()).statusCode()).isEqualTo(303);
        assertThat(home(fresh.id()).statusCode()).isEqualTo(200);
    }

    @Test
    void givenASwitchToTest_whenTheConsoleIsOpened_thenItShowsTestDataClearlyMarked() {
        Session ana = Session.of(Tenants.company());

        Response switched = given().redirects().follow(false).cookie("recaudo_console", ana.id()).formParam("csrf", ana.csrf())
                .formParam("environment", "test").post("/console/environment");
        Response unknown = given().redirects().follow(false).cookie("recaudo_console", ana.id()).formParam("csrf", ana.csrf())
                .formParam("environment", "staging").post("/console/environment");

        assertThat(switched.statusCode()).isEqualTo(303);
        assertThat(unknown.statusCode()).isEqualTo(400);
        String page = home(ana.id()).body().asString();
        assertThat(page).contains("class=\"environment test\"").contains("datos de prueba");
        assertThat(Sql.text("SELECT environment FROM console_sessions WHERE company_id = ?", ana.company().id())).isEqualTo("test");
    }

    @Test
    void givenAnUnknownConsolePage_whenOpened_thenTheConsolesNotFoundPage() {
        Response missing = given().get("/console/" + UUID.randomUUID());

        assertThat(missing.statusCode()).isEqualTo(404);
        assertThat(missing.contentType()).startsWith("text/html");
        assertThat(missing.body().asString()).contains("Esta página de la consola no existe");
        assertThat(missing.header("Content-Security-Policy")).isEqualTo(CONTENT_SECURITY_POLICY);
        String deep = given().get("/console/a/b/" + UUID.randomUUID()).body().asString();
        assertThat(deep).as("links from three folders down").contains("href=\"../../../console\"")
                .contains("href=\"../../../console-assets/console.css\"");
    }

    @Test
    void givenAnotherSessionsTokenOrAPostFromAnotherSite_whenSwitching_thenRefusedAndNothingChanges() {
        Session ana = Session.of(Tenants.company());
        Session bea = Session.of(Tenants.company());

        Response foreign = given().redirects().follow(false).cookie("recaudo_console", ana.id()).formParam("csrf", bea.csrf())
                .formParam("environment", "test").post("/console/environment");
        Response crossSite = given().redirects().follow(false).header("Sec-Fetch-Site", "same-site")
                .cookie("recaudo_console", ana.id()).formParam("csrf", ana.csrf()).formParam("environment", "test")
                .post("/console/environment");

        assertThat(List.of(foreign.statusCode(), crossSite.statusCode())).containsOnly(403);
        assertThat(Sql.text("SELECT environment FROM console_sessions WHERE company_id = ?", ana.company().id())).isEqualTo("live");
    }

    @Test
    void givenASwitchAndASignOut_whenDone_thenTheAuditTrailNamesTheAdministratorAndTheEnvironment() {
        Session ana = Session.of(Tenants.company());

        ConsoleClient.post(ana, "/console/environment", Map.of("environment", "test"));
        ConsoleClient.post(ana, "/console/sign-out", Map.of());

        assertThat(Sql.text("SELECT string_agg(operation || ' ' || actor_kind || ' ' || http_status || ' ' || coalesce(detail, '-'),"
                + " ', ' ORDER BY created_at) FROM audit_records WHERE company_id = ? AND operation LIKE 'POST /console/%'"
                + " AND operation <> 'POST /console/sign-in'",
                ana.company().id())).isEqualTo("POST /console/environment admin 303 environment test, POST /console/sign-out admin 303 -");
    }

    @Test
    void givenAnExpiredSession_whenSigningOut_thenItsRowIsEndedAndItsCookieRemoved() {
        Session ana = Session.of(Tenants.company());
        Sql.execute("UPDATE console_sessions SET last_seen_at = now() - interval '1 hour' WHERE company_id = ?", ana.company().id());

        Response out = given().redirects().follow(false).cookie("recaudo_console", ana.id()).post("/console/sign-out");

        assertThat(out.statusCode()).isEqualTo(303);
        assertThat(sessionCookieHeader(out)).contains("Max-Age=0");
        assertThat(Sql.count("SELECT count(*) FROM console_sessions WHERE company_id = ? AND ended_at IS NULL", ana.company().id()))
                .isZero();
    }

    @Test
    void givenASignInFromABrowserWithASession_whenSignedInAgain_thenTheOldSessionIsEnded() {
        Session ana = Session.of(Tenants.company());
        SignInForm form = SignInForm.fetch();

        Response again = given().redirects().follow(false).cookie("recaudo_console_sign_in", form.nonce())
                .cookie("recaudo_console", ana.id()).formParam("email", ana.company().adminEmail())
                .formParam("password", Tenants.PASSWORD).formParam("csrf", form.csrf()).post("/console/sign-in");

        assertThat(again.statusCode()).isEqualTo(303);
        assertThat(sessionCookieHeader(again)).doesNotContain(ana.id());
        assertThat(home(ana.id()).statusCode()).isEqualTo(303);
    }

    @Test
    void givenTheCompanyDisabledMidSession_whenTheConsoleIsOpened_thenTheSessionIsOver() {
        Session ana = Session.of(Tenants.company());

        ana.company().patch(Map.of("enabled", false));

        assertThat(home(ana.id()).statusCode()).isEqualTo(303);
        assertThat(Sql.count("SELECT count(*) FROM console_sessions WHERE company_id = ? AND ended_at IS NOT NULL",
                ana.company().id())).isEqualTo(1);
    }
}

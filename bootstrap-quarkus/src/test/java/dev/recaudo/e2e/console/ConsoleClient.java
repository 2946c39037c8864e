package dev.recaudo.e2e.console;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;

import dev.recaudo.e2e.support.Tenants;
import io.restassured.response.Response;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** The console as a browser uses it, without following redirects: its forms, cookies and tokens. */
final class ConsoleClient {

    private static final Pattern CSRF = Pattern.compile("name=\"csrf\" value=\"([^\"]+)\"");

    private ConsoleClient() {}

    static Response signIn(String email, String password) {
        SignInForm form = SignInForm.fetch();
        return given().redirects().follow(false).cookie("recaudo_console_sign_in", form.nonce()).formParam("email", email)
                .formParam("password", password).formParam("csrf", form.csrf()).post("/console/sign-in");
    }

    static Response home(String sessionId) {
        return given().redirects().follow(false).cookie("recaudo_console", sessionId).get("/console");
    }

    static String sessionCookieHeader(Response answer) {
        return sessionCookieHeaderOrEmpty(answer).orElseThrow(() -> new AssertionError("no session cookie in " + answer.headers()));
    }

    static Optional<String> sessionCookieHeaderOrEmpty(Response answer) {
        return answer.headers().getValues("Set-Cookie").stream().filter(value -> value.startsWith("recaudo_console=")).findFirst();
    }

    static String csrfOf(String html) {
        Matcher token = CSRF.matcher(html);
        assertThat(token.find()).as("an anti-forgery token in the form").isTrue();
        return token.group(1);
    }

    /** A sign-in page as a browser gets it: its cookie and its form's token. */
    record SignInForm(String nonce, String csrf) {
        static SignInForm fetch() {
            Response page = given().get("/console/sign-in");
            return new SignInForm(page.cookie("recaudo_console_sign_in"), csrfOf(page.body().asString()));
        }
    }

    /** A signed-in session: its id, as the browser's cookie holds it, and the token its forms carry. */
    record Session(Tenants.Company company, String id, String csrf) {
        static Session of(Tenants.Company company) {
            Response signedIn = signIn(company.adminEmail(), Tenants.PASSWORD);
            String cookie = sessionCookieHeader(signedIn);
            String id = cookie.substring("recaudo_console=".length(), cookie.indexOf(';'));
            return new Session(company, id, csrfOf(home(id).body().asString()));
        }
    }

    /** A person the session's administrator invites with {@code role}, signed in through the invitation: their session. */
    static Session invited(Session admin, String role) {
        String email = role + "-" + java.util.UUID.randomUUID() + "@example.test";
        Response invitedPage = post(admin, "/console/people", Map.of("email", email, "role", role));
        String token = invitedPage.body().asString().replaceAll("(?s).*invitation\\?token=([A-Za-z0-9_-]{43}).*", "$1");
        Response page = given().queryParam("token", token).get("/console/invitation");
        Response joined = given().redirects().follow(false).cookie("recaudo_console_sign_in", page.cookie("recaudo_console_sign_in"))
                .formParam("token", token).formParam("password", role + " horse battery")
                .formParam("csrf", csrfOf(page.body().asString())).post("/console/invitation");
        String cookie = sessionCookieHeader(joined);
        String id = cookie.substring("recaudo_console=".length(), cookie.indexOf(';'));
        return new Session(admin.company(), id, csrfOf(home(id).body().asString()));
    }

    /** Posts a form of {@code session} with its token and {@code fields}. */
    static Response post(Session session, String path, Map<String, String> fields) {
        return given().redirects().follow(false).cookie("recaudo_console", session.id()).formParam("csrf", session.csrf())
                .formParams(fields).post(path);
    }

    /** Opens a page of {@code session}. */
    static Response get(Session session, String path) {
        return given().redirects().follow(false).cookie("recaudo_console", session.id()).get(path);
    }
}

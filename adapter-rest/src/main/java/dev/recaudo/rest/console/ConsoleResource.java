package dev.recaudo.rest.console;

import dev.recaudo.application.admin.ConsoleSessionsUseCase;
import dev.recaudo.application.admin.ConsoleSessionsUseCase.Visit;
import dev.recaudo.domain.apikey.KeyEnvironment;
import dev.recaudo.domain.common.WireNamed;
import dev.recaudo.rest.admin.AdminLogins;
import dev.recaudo.rest.audit.Audited;
import dev.recaudo.rest.common.Caller;
import io.quarkus.qute.Location;
import io.quarkus.qute.Template;
import io.vertx.core.http.HttpServerRequest;
import jakarta.inject.Inject;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.CookieParam;
import jakarta.ws.rs.FormParam;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.UriInfo;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.Optional;
import java.util.function.Function;
import org.eclipse.microprofile.openapi.annotations.Operation;

/**
 * Signing in to the company console, its home page, the environment it shows, and signing out
 * (docs/console.md). A session lives on the server ({@link ConsoleSessionsUseCase}); the browser holds
 * its id in a cookie that script cannot read, sent to the console's paths only, never from another
 * site, and over HTTPS only where the console is served over HTTPS. Every form carries an
 * anti-forgery token ({@link ConsoleTokens}); a page asked for without a session leads to the
 * sign-in page. Not part of the API: these operations are left out of the OpenAPI document.
 */
@Path(ConsolePaths.ROOT)
@Produces(MediaType.TEXT_HTML)
public class ConsoleResource {

    static final String SESSION_COOKIE = "recaudo_console";
    static final String SIGN_IN_COOKIE = "recaudo_console_sign_in";
    private static final DateTimeFormatter ENDS_AT = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm 'UTC'").withZone(ZoneOffset.UTC);

    @Inject
    ConsoleSessionsUseCase sessions;

    @Inject
    AdminLogins logins;

    @Inject
    ConsoleTokens tokens;

    @Inject
    ConsoleErrors errors;

    @Inject
    Caller caller;

    @Inject
    @Location("console-sign-in.html")
    Template signInPage;

    @Inject
    @Location("console-home.html")
    Template homePage;

    @GET
    @Operation(hidden = true)
    public Response home(@CookieParam(SESSION_COOKIE) String sessionId, @HeaderParam(HttpHeaders.ACCEPT_LANGUAGE) String language,
            @Context UriInfo uri) {
        if (uri.getPath().endsWith("/")) {
            // The console's links are relative to /console: with a trailing slash they would miss.
            return ConsolePaths.secured(Response.status(Response.Status.MOVED_PERMANENTLY))
                    .header(HttpHeaders.LOCATION, "../console").build();
        }
        Optional<Visit> visit = sessions.resume(sessionId);
        if (visit.isEmpty()) {
            return ConsolePaths.seeOther("console/sign-in").build();
        }
        ConsoleTexts texts = ConsoleTexts.forAcceptLanguage(language);
        caller.authenticated(visit.get().admin());
        KeyEnvironment shown = visit.get().environment();
        KeyEnvironment other = shown == KeyEnvironment.LIVE ? KeyEnvironment.TEST : KeyEnvironment.LIVE;
        return ConsolePaths.page(200, homePage.data("texts", texts).data("assets", ConsolePaths.ASSETS_AT_ROOT)
                .data("email", visit.get().admin().email())
                .data("companyId", visit.get().admin().companyId().value())
                .data("environment", texts.environmentName(shown))
                .data("test", shown == KeyEnvironment.TEST)
                .data("other", other.wireName())
                .data("otherName", texts.environmentName(other))
                .data("endsAt", ENDS_AT.format(visit.get().endsAt()))
                .data("csrf", tokens.forSession(sessionId))
                .render(), texts);
    }

    @GET
    @Path("sign-in")
    @Operation(hidden = true)
    public Response signInForm(@CookieParam(SESSION_COOKIE) String sessionId, @HeaderParam(HttpHeaders.ACCEPT_LANGUAGE) String language,
            @Context HttpServerRequest http) {
        if (sessions.resume(sessionId).isPresent()) {
            return ConsolePaths.seeOther("../console").build();
        }
        return signIn(200, ConsoleTexts.forAcceptLanguage(language), null, http);
    }

    @POST
    @Path("sign-in")
    @Consumes(MediaType.APPLICATION_FORM_URLENCODED)
    @Audited
    @Operation(hidden = true)
    public Response signIn(@FormParam("email") String email, @FormParam("password") String password, @FormParam("csrf") String csrf,
            @CookieParam(SIGN_IN_COOKIE) String nonce, @HeaderParam(HttpHeaders.ACCEPT_LANGUAGE) String language,
            @Context HttpServerRequest http) {
        ConsoleTexts texts = ConsoleTexts.forAcceptLanguage(language);
        if (!tokens.verifiesSignIn(nonce, csrf)) {
            return staleForm(texts);
        }
        AdminLogins.Login login = logins.login(email, password, http);
        if (login instanceof AdminLogins.Login.Succeeded succeeded) {
            caller.authenticated(succeeded.admin()); // the sign-in names its actor for the audit trail
            ConsoleSessionsUseCase.Opened opened = sessions.open(succeeded.admin());
            return ConsolePaths.seeOther("../console")
                    .header(HttpHeaders.SET_COOKIE, cookie(SESSION_COOKIE, opened.sessionId(), -1, http))
                    .header(HttpHeaders.SET_COOKIE, cookie(SIGN_IN_COOKIE, "", 0, http))
                    .build();
        }
        if (login instanceof AdminLogins.Login.TooManyFailures tooMany) {
            return Response.fromResponse(signIn(429, texts, texts.tooManyFailures(), http))
                    .header("Retry-After", Long.toString(tooMany.retryAfterSeconds())).build();
        }
        return login instanceof AdminLogins.Login.CompanyDisabled ? signIn(403, texts, texts.companyDisabled(), http)
                : signIn(401, texts, texts.wrongCredentials(), http);
    }

    @POST
    @Path("environment")
    @Consumes(MediaType.APPLICATION_FORM_URLENCODED)
    @Audited
    @Operation(hidden = true)
    public Response switchEnvironment(@FormParam("environment") String environment, @FormParam("csrf") String csrf,
            @CookieParam(SESSION_COOKIE) String sessionId, @HeaderParam(HttpHeaders.ACCEPT_LANGUAGE) String language) {
        return signedInForm(sessionId, csrf, language, visit -> {
            Optional<KeyEnvironment> chosen = WireNamed.find(KeyEnvironment.values(), environment);
            if (chosen.isEmpty()) {
                ConsoleTexts texts = ConsoleTexts.forAcceptLanguage(language);
                return message(400, texts.refusedTitle(), texts.refusedText(), texts);
            }
            sessions.switchEnvironment(visit, chosen.get());
            return ConsolePaths.seeOther("../console").build();
        });
    }

    @POST
    @Path("sign-out")
    @Consumes(MediaType.APPLICATION_FORM_URLENCODED)
    @Audited
    @Operation(hidden = true)
    public Response signOut(@FormParam("csrf") String csrf, @CookieParam(SESSION_COOKIE) String sessionId,
            @HeaderParam(HttpHeaders.ACCEPT_LANGUAGE) String language, @Context HttpServerRequest http) {
        return signedInForm(sessionId, csrf, language, visit -> {
            sessions.close(sessionId);
            return ConsolePaths.seeOther("sign-in")
                    .header(HttpHeaders.SET_COOKIE, cookie(SESSION_COOKIE, "", 0, http)).build();
        });
    }

    /**
     * Runs {@code handler} for a form of a session that may still be used and whose token is that
     * session's; the sign-in page without a session, the expired-form page with a token of another.
     */
    private Response signedInForm(String sessionId, String csrf, String language, Function<Visit, Response> handler) {
        Optional<Visit> visit = sessions.resume(sessionId);
        if (visit.isEmpty()) {
            return ConsolePaths.seeOther("sign-in").build();
        }
        caller.authenticated(visit.get().admin());
        if (!tokens.verifiesSession(sessionId, csrf)) {
            return staleForm(ConsoleTexts.forAcceptLanguage(language));
        }
        return handler.apply(visit.get());
    }

    /** The sign-in page with a fresh anti-forgery cookie and token, and {@code problem} above the form when there is one. */
    private Response signIn(int status, ConsoleTexts texts, String problem, HttpServerRequest http) {
        String nonce = tokens.nonce();
        String html = signInPage.data("texts", texts).data("assets", ConsolePaths.ASSETS_FROM_ROOT)
                .data("problem", problem).data("csrf", tokens.forSignIn(nonce)).render();
        return Response.fromResponse(ConsolePaths.page(status, html, texts))
                .header(HttpHeaders.SET_COOKIE, cookie(SIGN_IN_COOKIE, nonce, -1, http)).build();
    }

    private Response staleForm(ConsoleTexts texts) {
        return message(403, texts.staleFormTitle(), texts.staleFormText(), texts);
    }

    private Response message(int status, String heading, String text, ConsoleTexts texts) {
        return ConsolePaths.page(status, errors.page(heading, text, texts).html(), texts);
    }

    /**
     * A console cookie, always set by a request one level below the console's root
     * ({@code /console/sign-in}, {@code /console/sign-out}): without a {@code Path}, the browser sends
     * it to that folder, the console's paths, under whatever prefix a proxy serves them.
     * {@code HttpOnly}, {@code SameSite=Strict}, and {@code Secure} when the request came over HTTPS
     * (directly, or through a trusted proxy that says so). {@code maxAgeSeconds} 0 removes it;
     * negative makes it last until the browser closes.
     */
    static String cookie(String name, String value, long maxAgeSeconds, HttpServerRequest http) {
        StringBuilder cookie = new StringBuilder(name).append('=').append(value).append("; HttpOnly; SameSite=Strict");
        if (maxAgeSeconds >= 0) {
            cookie.append("; Max-Age=").append(maxAgeSeconds);
        }
        if ("https".equals(http.scheme())) {
            cookie.append("; Secure");
        }
        return cookie.toString();
    }
}

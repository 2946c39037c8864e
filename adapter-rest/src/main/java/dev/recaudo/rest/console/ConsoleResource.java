package dev.recaudo.rest.console;

import dev.recaudo.application.admin.ConsoleSessionsUseCase;
import dev.recaudo.domain.admin.UserRole;
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
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.UriInfo;
import java.util.Optional;
import org.eclipse.microprofile.openapi.annotations.Operation;

/**
 * Signing in to the company console, its home page, the environment it shows, and signing out
 * (docs/console.md). A session lives on the server ({@link ConsoleSessionsUseCase}); the browser holds
 * its id in a cookie ({@link ConsoleCookies}). Every form carries an anti-forgery token
 * ({@link ConsoleTokens}); a page asked for without a session leads to the sign-in page
 * ({@link ConsoleGate}). Not part of the API: these operations are left out of the OpenAPI document.
 */
@Path(ConsolePaths.ROOT)
@Produces(MediaType.TEXT_HTML)
public class ConsoleResource {

    static final String SESSION_COOKIE = "recaudo_console";
    static final String SIGN_IN_COOKIE = "recaudo_console_sign_in";

    @Inject
    ConsoleSessionsUseCase sessions;

    @Inject
    AdminLogins logins;

    @Inject
    ConsoleTokens tokens;

    @Inject
    ConsoleGate gate;

    @Inject
    ConsoleCookies cookies;

    @Inject
    Caller caller;

    @Inject
    @Location("console-sign-in.html")
    Template signInPage;

    @Inject
    ConsoleHomePage home;

    @GET
    @Operation(hidden = true)
    public Response home(@QueryParam("day") String day, @CookieParam(SESSION_COOKIE) String sessionId,
            @HeaderParam(HttpHeaders.ACCEPT_LANGUAGE) String language, @Context UriInfo uri) {
        if (uri.getPath().endsWith("/")) {
            // The console's links are relative to /console: with a trailing slash they would miss.
            return ConsolePaths.secured(Response.status(Response.Status.MOVED_PERMANENTLY)).header(HttpHeaders.LOCATION, "../console")
                    .build();
        }
        return gate.page(sessionId, language, UserRole.VIEWER, uri, visited -> home.render(visited, sessionId, day));
    }

    @GET
    @Path("sign-in")
    @Operation(hidden = true)
    public Response signInForm(@CookieParam(SESSION_COOKIE) String sessionId, @HeaderParam(HttpHeaders.ACCEPT_LANGUAGE) String language,
            @Context HttpServerRequest http, @Context UriInfo uri) {
        if (uri.getPath().endsWith("/")) {
            // Its cookie, set without a Path, would belong to /console/sign-in/ instead of /console.
            return ConsolePaths.secured(Response.status(Response.Status.MOVED_PERMANENTLY)).header(HttpHeaders.LOCATION, "../sign-in")
                    .build();
        }
        if (sessions.resume(sessionId).isPresent()) {
            return ConsolePaths.seeOther("../console").build();
        }
        return signIn(200, ConsoleTexts.forAcceptLanguage(language), null, http, uri);
    }

    @POST
    @Path("sign-in")
    @Consumes(MediaType.APPLICATION_FORM_URLENCODED)
    @Audited
    @Operation(hidden = true)
    public Response signIn(@FormParam("email") String email, @FormParam("password") String password, @FormParam("csrf") String csrf,
            @CookieParam(SIGN_IN_COOKIE) String nonce, @CookieParam(SESSION_COOKIE) String previous,
            @HeaderParam(HttpHeaders.ACCEPT_LANGUAGE) String language, @Context HttpServerRequest http, @Context UriInfo uri) {
        ConsoleTexts texts = ConsoleTexts.forAcceptLanguage(language);
        if (!tokens.verifiesSignIn(nonce, csrf)) {
            return gate.staleForm(texts, ConsolePaths.root(uri));
        }
        AdminLogins.Login login = logins.login(email, password, http);
        if (login instanceof AdminLogins.Login.Succeeded succeeded) {
            caller.authenticated(succeeded.admin()); // the sign-in names its actor for the audit trail
            // Whatever session the browser had, it ends here: a sign-in never keeps an id it did not make.
            sessions.close(previous);
            return cookies.signedIn(sessions.open(succeeded.admin()).sessionId(), "../console", http);
        }
        if (login instanceof AdminLogins.Login.TooManyFailures tooMany) {
            return Response.fromResponse(signIn(429, texts, texts.word("tooManyFailures"), http, uri))
                    .header("Retry-After", Long.toString(tooMany.retryAfterSeconds())).build();
        }
        return login instanceof AdminLogins.Login.CompanyDisabled ? signIn(403, texts, texts.word("companyDisabled"), http, uri)
                : signIn(401, texts, texts.word("wrongCredentials"), http, uri);
    }

    @POST
    @Path("environment")
    @Consumes(MediaType.APPLICATION_FORM_URLENCODED)
    @Audited
    @Operation(hidden = true)
    public Response switchEnvironment(@FormParam("environment") String environment, @FormParam("csrf") String csrf,
            @CookieParam(SESSION_COOKIE) String sessionId, @HeaderParam(HttpHeaders.ACCEPT_LANGUAGE) String language,
            @Context UriInfo uri) {
        return gate.form(sessionId, csrf, language, UserRole.VIEWER, uri, visited -> {
            Optional<KeyEnvironment> chosen = WireNamed.find(KeyEnvironment.values(), environment);
            if (chosen.isEmpty()) {
                ConsoleTexts texts = visited.texts();
                return gate.message(400, texts.word("refusedTitle"), texts.word("refusedText"), texts, visited.root());
            }
            sessions.switchEnvironment(visited.visit(), chosen.get());
            caller.outcome("ok", "environment " + chosen.get().wireName());
            return ConsolePaths.seeOther(visited.root() + "console").build();
        });
    }

    /**
     * Signing out. A session that can no longer be used (expired, or ended elsewhere) is ended here
     * too and its cookie removed, with no token to check: the form of a session that is over cannot be
     * forged into anything.
     */
    @POST
    @Path("sign-out")
    @Consumes(MediaType.APPLICATION_FORM_URLENCODED)
    @Audited
    @Operation(hidden = true)
    public Response signOut(@FormParam("csrf") String csrf, @CookieParam(SESSION_COOKIE) String sessionId,
            @HeaderParam(HttpHeaders.ACCEPT_LANGUAGE) String language, @Context HttpServerRequest http, @Context UriInfo uri) {
        if (sessions.resume(sessionId).isEmpty()) {
            sessions.close(sessionId);
            return signedOut(http);
        }
        return gate.form(sessionId, csrf, language, UserRole.VIEWER, uri, visited -> {
            sessions.close(sessionId);
            return signedOut(http);
        });
    }

    private Response signedOut(HttpServerRequest http) {
        return ConsolePaths.seeOther("sign-in").header(HttpHeaders.SET_COOKIE, cookies.removed(SESSION_COOKIE, http)).build();
    }

    /** The sign-in page with a fresh anti-forgery cookie and token, and {@code problem} above the form when there is one. */
    private Response signIn(int status, ConsoleTexts texts, String problem, HttpServerRequest http, UriInfo uri) {
        String nonce = tokens.nonce();
        String html = signInPage.data("texts", texts.words()).data("root", ConsolePaths.root(uri))
                .data("problem", problem).data("csrf", tokens.forSignIn(nonce)).render();
        return Response.fromResponse(ConsolePaths.page(status, html, texts))
                .header(HttpHeaders.SET_COOKIE, cookies.kept(SIGN_IN_COOKIE, nonce, http)).build();
    }
}

package dev.recaudo.rest.console;

import dev.recaudo.rest.common.RestSettings;
import io.vertx.core.http.HttpServerRequest;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.Response;

/**
 * The console's cookies, always set by a request one level below the console's root
 * ({@code /console/sign-in}, {@code /console/sign-out}, {@code /console/invitation}): without a
 * {@code Path}, the browser sends them to that folder, the console's paths, under whatever prefix a
 * proxy serves them. {@code HttpOnly}, {@code SameSite=Strict}, and {@code Secure} in production
 * (served over HTTPS behind a proxy whether or not the proxy says so) and whenever the request came
 * over HTTPS.
 */
@ApplicationScoped
public class ConsoleCookies {

    private final boolean production;

    @Inject
    ConsoleCookies(RestSettings settings) {
        this(settings.production());
    }

    ConsoleCookies(boolean production) {
        this.production = production;
    }

    /** A cookie that lasts until the browser closes. */
    String kept(String name, String value, HttpServerRequest http) {
        return cookie(name, value, -1, http);
    }

    /** The cookie's removal. */
    String removed(String name, HttpServerRequest http) {
        return cookie(name, "", 0, http);
    }

    /** A {@code 303} to {@code location} that hands the browser a new session's cookie and drops its sign-in form's. */
    Response signedIn(String sessionId, String location, HttpServerRequest http) {
        return ConsolePaths.seeOther(location)
                .header(HttpHeaders.SET_COOKIE, kept(ConsoleResource.SESSION_COOKIE, sessionId, http))
                .header(HttpHeaders.SET_COOKIE, removed(ConsoleResource.SIGN_IN_COOKIE, http))
                .build();
    }

    private String cookie(String name, String value, long maxAgeSeconds, HttpServerRequest http) {
        StringBuilder cookie = new StringBuilder(name).append('=').append(value).append("; HttpOnly; SameSite=Strict");
        if (maxAgeSeconds >= 0) {
            cookie.append("; Max-Age=").append(maxAgeSeconds);
        }
        if (production || "https".equals(http.scheme())) {
            cookie.append("; Secure");
        }
        return cookie.toString();
    }
}

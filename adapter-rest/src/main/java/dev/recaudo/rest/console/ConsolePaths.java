package dev.recaudo.rest.console;

import dev.recaudo.rest.page.PageErrors;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.UriInfo;
import java.util.Locale;
import java.util.Map;

/**
 * Where the console lives and what every answer of it carries: the hosted page's security headers
 * (no script, never framed, never cached, no referrer). Links and redirects are relative, so the
 * console works behind a proxy that serves it under a prefix.
 */
final class ConsolePaths {

    static final String ROOT = "/console";
    static final Map<String, String> SECURITY_HEADERS = PageErrors.SECURITY_HEADERS;

    private ConsolePaths() {}

    /**
     * The application's root relative to the page {@code request} asked for (its path inside the application,
     * {@code /console/people/{id}/role}): {@code ../} once per folder the browser is in below it. Every
     * link, form and redirect of a console page starts with it, so a page answered at any depth, an
     * error page included, reaches the others, under whatever prefix a proxy serves the console.
     */
    static String root(UriInfo request) {
        String raw = request.getRequestUri().getRawPath();
        int escapedSlashes = raw.toLowerCase(Locale.ROOT).split("%2f", -1).length - 1;
        return root(request.getPath(), escapedSlashes);
    }

    /**
     * As {@link #root(UriInfo)}, for a decoded path in which {@code escapedSlashes} slashes were sent
     * escaped ({@code %2F}): those are no folder to the browser.
     */
    static String root(String path, int escapedSlashes) {
        long folders = path.chars().filter(character -> character == '/').count() - 1 - escapedSlashes;
        return "../".repeat((int) Math.max(0, folders));
    }

    static Response.ResponseBuilder secured(Response.ResponseBuilder response) {
        SECURITY_HEADERS.forEach(response::header);
        return response;
    }

    static Response page(int status, String html, ConsoleTexts texts) {
        return secured(Response.status(status)).type(MediaType.TEXT_HTML_TYPE.withCharset("utf-8")).entity(html)
                .header(HttpHeaders.CONTENT_LANGUAGE, texts.lang()).build();
    }

    /** A {@code 303} to {@code location}, relative to the request's path. */
    static Response.ResponseBuilder seeOther(String location) {
        return secured(Response.status(Response.Status.SEE_OTHER)).header(HttpHeaders.LOCATION, location);
    }
}

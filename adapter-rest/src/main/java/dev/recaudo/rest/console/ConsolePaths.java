package dev.recaudo.rest.console;

import dev.recaudo.rest.page.PageErrors;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import java.util.Map;

/**
 * Where the console lives and what every answer of it carries: the hosted page's security headers
 * (no script, never framed, never cached, no referrer). Links and redirects are relative, so the
 * console works behind a proxy that serves it under a prefix.
 */
final class ConsolePaths {

    static final String ROOT = "/console";
    /** The stylesheet's folder, from a page one level below the console's root (a sign-in page, an error page). */
    static final String ASSETS_FROM_ROOT = "../console-assets/";
    /** The stylesheet's folder, from the console's root page itself. */
    static final String ASSETS_AT_ROOT = "console-assets/";
    static final Map<String, String> SECURITY_HEADERS = PageErrors.SECURITY_HEADERS;

    private ConsolePaths() {}

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

package dev.recaudo.rest.common;

import java.util.Map;

/**
 * The errors of {@link ErrorFamily#PAGE}: a payer's browser gets a page in the payer's language,
 * with the hosted page's security headers, never a JSON envelope. Implemented beside the page.
 */
public interface ErrorPages {

    /** An HTML page for the status, and the headers it must carry. */
    record ErrorPage(String html, Map<String, String> headers) {}

    ErrorPage render(int status, String acceptLanguage);
}

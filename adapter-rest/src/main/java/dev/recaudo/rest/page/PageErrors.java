package dev.recaudo.rest.page;

import dev.recaudo.rest.common.ErrorPages;
import io.quarkus.qute.Location;
import io.quarkus.qute.Template;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.ws.rs.core.HttpHeaders;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The hosted page's messages: not found, a refused form, and every error raised under {@code /pay}
 * before or around the page (wrong method, unknown sub-path, refused path, failure), in the payer's
 * language and with the page's security headers.
 */
@ApplicationScoped
public class PageErrors implements ErrorPages {

    /** No script at all; styles and form posts only from this origin; never framed. */
    static final String CONTENT_SECURITY_POLICY = "default-src 'none'; style-src 'self'; img-src 'self';"
            + " form-action 'self'; frame-ancestors 'none'; base-uri 'none'";

    /**
     * A page with the Pay-by-card form: its post is answered with a {@code 303} to the card processor's
     * hosted page (HTTPS), which browsers check against {@code form-action} as well. Still no script.
     */
    static final String CARD_CONTENT_SECURITY_POLICY = CONTENT_SECURITY_POLICY.replace("form-action 'self'",
            "form-action 'self' https:");

    /**
     * The checkout URL is a bearer capability: never framed, sent on as a referrer, sniffed or cached.
     * The console's pages carry the same.
     */
    public static final Map<String, String> SECURITY_HEADERS = securityHeaders();

    @Inject
    @Location("hosted-checkout-message.html")
    Template message;

    private static Map<String, String> securityHeaders() {
        Map<String, String> headers = new LinkedHashMap<>();
        headers.put("Content-Security-Policy", CONTENT_SECURITY_POLICY);
        headers.put("X-Frame-Options", "DENY");
        headers.put("Referrer-Policy", "no-referrer");
        headers.put("X-Content-Type-Options", "nosniff");
        headers.put(HttpHeaders.CACHE_CONTROL, "no-store");
        headers.put("Pragma", "no-cache");
        return Map.copyOf(headers);
    }

    @Override
    public boolean serves(String path) {
        return path.equals("/pay") || path.startsWith("/pay/");
    }

    @Override
    public ErrorPage render(int status, String acceptLanguage, String path) {
        PageTexts texts = PageTexts.forAcceptLanguage(acceptLanguage);
        if (status == 404) {
            return page(texts.notFoundTitle(), texts.notFoundText(), texts);
        }
        if (status >= 500) {
            return page(texts.failureTitle(), texts.failureText(), texts);
        }
        return page(texts.refusedTitle(), texts.refusedText(), texts);
    }

    ErrorPage page(String heading, String text, PageTexts texts) {
        Map<String, String> headers = new LinkedHashMap<>(SECURITY_HEADERS);
        headers.put(HttpHeaders.CONTENT_LANGUAGE, texts.lang());
        return new ErrorPage(message.data("texts", texts).data("heading", heading).data("message", text).render(), headers);
    }
}

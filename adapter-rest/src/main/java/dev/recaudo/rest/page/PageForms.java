package dev.recaudo.rest.page;

import dev.recaudo.rest.common.ErrorPages;
import dev.recaudo.rest.common.PathIds;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import java.util.Optional;
import java.util.UUID;
import java.util.function.Function;

/**
 * What every form post and answer of the hosted page shares: the checkout id from the path ({@code 404}
 * page when malformed), the page token ({@code 403} page when stale or forged), message pages in the
 * payer's language, and the page's security headers on every answer.
 */
@ApplicationScoped
public class PageForms {

    @Inject
    PageTokens tokens;

    @Inject
    PageErrors messages;

    /** Runs {@code handler} for a well-formed checkout id whose page token verifies; the 404/403 page otherwise. */
    Response post(String checkoutId, String csrf, PageTexts texts, Function<UUID, Response> handler) {
        Optional<UUID> id = PathIds.parse(checkoutId);
        if (id.isEmpty()) {
            return notFound(texts);
        }
        if (!tokens.verify(id.get(), csrf)) {
            return message(403, texts.staleFormTitle(), texts.staleFormText(), texts);
        }
        return handler.apply(id.get());
    }

    Response notFound(PageTexts texts) {
        return message(404, texts.notFoundTitle(), texts.notFoundText(), texts);
    }

    Response message(int status, String heading, String text, PageTexts texts) {
        ErrorPages.ErrorPage shown = messages.page(heading, text, texts);
        Response.ResponseBuilder response = Response.status(status).entity(shown.html())
                .type(MediaType.TEXT_HTML_TYPE.withCharset("utf-8"));
        shown.headers().forEach(response::header);
        return response.build();
    }

    /** A {@code 303} to {@code location} (relative to the request), with the page's security headers. */
    static Response seeOther(String location) {
        return secured(Response.status(Response.Status.SEE_OTHER)).header(HttpHeaders.LOCATION, location).build();
    }

    static Response.ResponseBuilder secured(Response.ResponseBuilder response) {
        PageErrors.SECURITY_HEADERS.forEach(response::header);
        return response;
    }
}

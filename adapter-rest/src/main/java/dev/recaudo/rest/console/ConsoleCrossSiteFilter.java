package dev.recaudo.rest.console;

import jakarta.inject.Inject;
import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.Response;
import java.util.Optional;
import java.util.Set;
import org.jboss.resteasy.reactive.server.ServerRequestFilter;

/**
 * Refuses a console form posted from another site before anything reads it: a browser says where a
 * request comes from ({@code Sec-Fetch-Site}: {@code same-origin}, or {@code none} for one the person
 * typed or bookmarked), and a console form is only ever posted from the console's own pages. Besides the forms' tokens, this stops a sibling site that could plant
 * cookies (a subdomain) from posting a form with a token pair of its own. A client that sends no
 * such header (not a browser) is left to the tokens.
 */
public class ConsoleCrossSiteFilter {

    private static final Set<String> OWN = Set.of("same-origin", "none");

    @Inject
    ConsoleGate gate;

    @ServerRequestFilter
    public Optional<Response> refuseCrossSite(ContainerRequestContext request) {
        String path = request.getUriInfo().getPath();
        if (!"POST".equals(request.getMethod()) || !(path.equals(ConsolePaths.ROOT) || path.startsWith(ConsolePaths.ROOT + "/"))) {
            return Optional.empty();
        }
        String site = request.getHeaderString("Sec-Fetch-Site");
        if (site == null || OWN.contains(site)) {
            return Optional.empty();
        }
        ConsoleTexts texts = ConsoleTexts.forAcceptLanguage(request.getHeaderString(HttpHeaders.ACCEPT_LANGUAGE));
        return Optional.of(gate.staleForm(texts, ConsolePaths.root(request.getUriInfo())));
    }
}

package dev.recaudo.rest.integration;

import dev.recaudo.application.apikey.ApiKeyAuthenticationUseCase.KeyPrincipal;
import dev.recaudo.rest.common.QueryParams;
import dev.recaudo.rest.common.RestSettings;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.QueryParam;
import java.util.Optional;

/**
 * What every integrations list names besides its own filters: the company in its path, the partner
 * ({@code source}) whose records it shows, the opaque {@code cursor} of the page before and the
 * {@code limit} of this one, declared once so that every list documents, scopes and sizes its pages alike.
 */
public class IntegrationList {

    @PathParam("companyId")
    String companyId;

    @QueryParam("cursor")
    String cursor;

    @QueryParam("limit")
    String limit;

    @QueryParam("source")
    String source;

    String cursor() {
        return cursor;
    }

    /** The page size the caller asked for, within the integrations family's bounds. */
    int pageSize(RestSettings settings) {
        return QueryParams.pageSize("limit", limit, settings.pages().integrations());
    }

    /** The partner whose records the page shows: the one named, else the key's own; none is every partner's. */
    Optional<String> source(KeyPrincipal key) {
        return IntegrationFields.listSource(source, key);
    }
}

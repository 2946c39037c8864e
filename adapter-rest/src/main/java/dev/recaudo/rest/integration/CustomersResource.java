package dev.recaudo.rest.integration;

import dev.recaudo.application.apikey.ApiKeyAuthenticationUseCase.KeyPrincipal;
import dev.recaudo.application.customer.CustomerQueries;
import dev.recaudo.application.customer.CustomerQueries.CustomerSlice;
import dev.recaudo.domain.apikey.Permission;
import dev.recaudo.domain.common.TenantScope;
import dev.recaudo.domain.customer.CustomerListItem;
import dev.recaudo.domain.customer.CustomerListQuery;
import dev.recaudo.rest.auth.IntegrationsApi;
import dev.recaudo.rest.auth.RequiresPermission;
import dev.recaudo.rest.common.ApiProblem;
import dev.recaudo.rest.common.Caller;
import dev.recaudo.rest.common.Cursors;
import dev.recaudo.rest.common.Problem;
import dev.recaudo.rest.common.QueryParams;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import org.eclipse.microprofile.openapi.annotations.security.SecurityRequirement;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

/** Customers of the integrations API. */
@Path("/integrations/v1/{companyId}/customers")
@IntegrationsApi
@Produces(MediaType.APPLICATION_JSON)
@Tag(name = "Integrations")
@SecurityRequirement(name = "integrationsSignature")
public class CustomersResource {

    private final CustomerQueries customers;
    private final Caller caller;
    private final Cursors cursors;

    public CustomersResource(CustomerQueries customers, Caller caller, Cursors cursors) {
        this.customers = customers;
        this.caller = caller;
        this.cursors = cursors;
    }

    public record CustomerPage(List<CustomerListItem> items, Pagination pagination) {}

    public record Pagination(int limit, String nextCursor, boolean hasMore) {}

    /**
     * Newest update first, by cursor. {@code limit} 1 to 100 (default 20); {@code search} matches
     * name, e-mail, phone, tax id, customer code and external id; {@code source} defaults to the key's.
     */
    @GET
    @RequiresPermission(Permission.CUSTOMERS_READ)
    public CustomerPage list(
            @PathParam("companyId") String companyId,
            @QueryParam("limit") String limit,
            @QueryParam("cursor") String cursor,
            @QueryParam("search") String search,
            @QueryParam("source") String source) {
        KeyPrincipal key = caller.key();
        int pageSize = QueryParams.intBetween("limit", limit, 1, CustomerListQuery.LIMIT_MAX, CustomerListQuery.LIMIT_DEFAULT);
        Optional<String> searchText = Optional.ofNullable(search).map(String::trim).filter(s -> !s.isEmpty());
        if (searchText.filter(s -> s.length() > CustomerListQuery.SEARCH_LENGTH_MAX).isPresent()) {
            throw ApiProblem.validation("search", "must have at most " + CustomerListQuery.SEARCH_LENGTH_MAX + " characters");
        }
        Optional<String> sourceFilter = Optional.ofNullable(source).map(String::trim).filter(s -> !s.isEmpty())
                .or(() -> key.key().source());
        Optional<CustomerListQuery.Position> after = Optional.ofNullable(cursor).map(this::position);
        CustomerSlice slice = customers.list(new TenantScope(key.companyId(), key.key().environment()),
                new CustomerListQuery(sourceFilter, searchText, after, pageSize));
        String next = slice.hasMore() ? cursor(slice.items().get(slice.items().size() - 1)) : null;
        return new CustomerPage(slice.items(), new Pagination(pageSize, next, slice.hasMore()));
    }

    private String cursor(CustomerListItem last) {
        Instant updatedAt = last.updatedAt().truncatedTo(ChronoUnit.MICROS);
        return cursors.seal(updatedAt + "|" + last.companyCustomerId());
    }

    private CustomerListQuery.Position position(String cursor) {
        String position = cursors.open(cursor)
                .orElseThrow(() -> new ApiProblem(Problem.VALIDATION, "cursor is not a cursor this API issued"));
        int bar = position.indexOf('|');
        return new CustomerListQuery.Position(
                Instant.parse(position.substring(0, bar)), UUID.fromString(position.substring(bar + 1)));
    }
}

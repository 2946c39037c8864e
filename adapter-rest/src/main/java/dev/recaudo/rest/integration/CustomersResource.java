package dev.recaudo.rest.integration;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import dev.recaudo.application.apikey.ApiKeyAuthenticationUseCase.KeyPrincipal;
import dev.recaudo.application.customer.CustomerQueries.CustomerSlice;
import dev.recaudo.application.customer.CustomerQueries;
import dev.recaudo.application.customer.UpsertCustomerUseCase.UpsertResult;
import dev.recaudo.application.customer.UpsertCustomerUseCase;
import dev.recaudo.domain.apikey.Permission;
import dev.recaudo.domain.customer.CustomerLink;
import dev.recaudo.domain.customer.CustomerListItem;
import dev.recaudo.domain.customer.CustomerListQuery;
import dev.recaudo.domain.customer.CustomerProfile;
import dev.recaudo.rest.auth.IntegrationsApi;
import dev.recaudo.rest.auth.RequiresPermission;
import dev.recaudo.rest.common.ApiProblem;
import dev.recaudo.rest.common.Caller;
import dev.recaudo.rest.common.Cursors;
import dev.recaudo.rest.common.IdempotentWrites;
import dev.recaudo.rest.common.Problem;
import dev.recaudo.rest.common.RequestBodies;
import dev.recaudo.rest.common.RequestValidation;
import dev.recaudo.rest.common.RestSettings;
import dev.recaudo.rest.integration.CustomerRequests.UpsertCustomerRequest;
import io.quarkus.runtime.annotations.RegisterForReflection;
import jakarta.inject.Inject;
import jakarta.ws.rs.BeanParam;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.parameters.RequestBody;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;

/** Customers of the integrations API. */
@Path("/integrations/v1/{companyId}/customers")
@IntegrationsApi
@Produces(MediaType.APPLICATION_JSON)
public class CustomersResource {

    static final String TAX_IDENTITY_CHANGED = "taxId names another taxpayer than this customer's, and a customer's tax"
            + " identity never changes: its documents, payments and credit stay with it. Use a new externalCustomerId"
            + " for another taxpayer";

    private static final String STALE = "An upsert of this customer signed later (Service-Timestamp) was applied already;"
            + " nothing was changed";

    @Inject
    CustomerQueries customers;

    @Inject
    UpsertCustomerUseCase upserts;

    @Inject
    IdempotentWrites writes;

    @Inject
    RequestBodies bodies;

    @Inject
    RequestValidation validation;

    @Inject
    Caller caller;

    @Inject
    Cursors cursors;

    @Inject
    RestSettings settings;

    @RegisterForReflection
    public record UpsertCustomerResponse(
            UUID customerId, UUID companyCustomerId, String source, String externalCustomerId, String status) {}

    public record CustomerPage(List<CustomerListItem> items, Pagination pagination) {}

    /**
     * Newest update first, by cursor. {@code limit} 1 to 100 (default 20); {@code search} matches
     * name, e-mail, phone, tax id, customer code and external id; {@code source} defaults to the key's.
     * A partner's key sees only its own links and data; a key without a source sees every partner's.
     */
    @GET
    @Operation(operationId = "listCustomers")
    @APIResponse(responseCode = "200", description = "A page of customers, newest update first")
    @RequiresPermission(Permission.CUSTOMERS_READ)
    public CustomerPage list(
            @BeanParam IntegrationList page,
            @QueryParam("search") String search) {
        KeyPrincipal key = caller.key();
        int pageSize = page.pageSize(settings);
        Optional<String> searchText = Optional.ofNullable(search).map(String::trim).filter(s -> !s.isEmpty());
        if (searchText.filter(s -> s.length() > CustomerListQuery.SEARCH_LENGTH_MAX).isPresent()) {
            throw ApiProblem.validation("search", "must have at most " + CustomerListQuery.SEARCH_LENGTH_MAX + " characters");
        }
        Optional<String> sourceFilter = page.source(key);
        Optional<CustomerListQuery.Position> after = IntegrationCursors.open(cursors, page.cursor())
                .map(position -> new CustomerListQuery.Position(position.at(), position.id()));
        CustomerSlice slice = customers.list(key.scope(),
                new CustomerListQuery(sourceFilter, key.key().source(), searchText, after, pageSize));
        String next = IntegrationCursors.next(cursors, slice.items(), slice.hasMore(), CustomerListItem::updatedAt,
                CustomerListItem::companyCustomerId);
        return new CustomerPage(slice.items(), new Pagination(pageSize, next, slice.hasMore()));
    }

    /**
     * Creates ({@code 201}, status {@code created}), updates ({@code 200}, {@code updated}) or
     * replays unchanged ({@code 200}, {@code unchanged}, nothing written) the partner's customer.
     */
    @POST
    @Operation(operationId = "upsertCustomer")
    @Path("upsert")
    @Consumes(MediaType.APPLICATION_JSON)
    @RequiresPermission(Permission.CUSTOMERS_WRITE)
    @RequestBody(required = true, content = @Content(schema = @Schema(implementation = UpsertCustomerRequest.class)))
    @APIResponse(responseCode = "200", description = "Updated, or unchanged",
            content = @Content(schema = @Schema(implementation = UpsertCustomerResponse.class)))
    @APIResponse(responseCode = "201", description = "Created",
            content = @Content(schema = @Schema(implementation = UpsertCustomerResponse.class)))
    @APIResponse(responseCode = "409", ref = "IntegrationsConflict")
    @APIResponse(responseCode = "415", ref = "IntegrationsUnsupportedMediaType")
    public Response upsert(
            @BeanParam IntegrationWrite write,
            JsonNode json) throws JsonProcessingException {
        KeyPrincipal key = caller.key();
        UpsertCustomerRequest body = bodies.read(json, UpsertCustomerRequest.class);
        CustomerProfile profile = CustomerRequests.upsert(validation, key, body);
        Instant signedAt = write.signedAt();
        return writes.execute(IdempotentWrites.Family.INTEGRATIONS, key, write.request("integrations.customers.upsert", json),
                () -> upsertReply(key, body, profile, signedAt));
    }

    private IdempotentWrites.Reply upsertReply(KeyPrincipal key, UpsertCustomerRequest body, CustomerProfile profile,
            Instant signedAt) {
        UpsertResult result = upserts.upsert(key.scope(), body.source(), body.externalCustomerId(), profile, signedAt);
        if (result instanceof UpsertResult.Stale) {
            throw new ApiProblem(Problem.STALE_WRITE, STALE);
        }
        if (result instanceof UpsertResult.TaxIdentityChanged) {
            throw new ApiProblem(Problem.CONFLICT, TAX_IDENTITY_CHANGED);
        }
        if (result instanceof UpsertResult.TaxIdentityTaken) {
            throw new ApiProblem(Problem.CONFLICT, "taxId already identifies another customer of this company");
        }
        CustomerLink customer;
        String status;
        if (result instanceof UpsertResult.Created created) {
            customer = created.customer();
            status = UpsertReplies.CREATED;
        } else if (result instanceof UpsertResult.Updated updated) {
            customer = updated.customer();
            status = UpsertReplies.UPDATED;
        } else {
            customer = ((UpsertResult.Unchanged) result).customer();
            status = UpsertReplies.UNCHANGED;
        }
        return UpsertReplies.reply(status, new UpsertCustomerResponse(customer.customerId(),
                customer.companyCustomerId(), body.source(), body.externalCustomerId(), status));
    }
}

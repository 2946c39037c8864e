package dev.recaudo.rest.banktransfer;

import dev.recaudo.application.banktransfer.ReceivingAccountsUseCase;
import dev.recaudo.application.banktransfer.ReceivingAccountsUseCase.RegisterResult;
import dev.recaudo.domain.banktransfer.CsvMapping;
import dev.recaudo.domain.banktransfer.ReceivingAccount;
import dev.recaudo.domain.company.CompanyId;
import dev.recaudo.rest.audit.Audited;
import dev.recaudo.rest.auth.AdminApi;
import dev.recaudo.rest.banktransfer.ReceivingAccountRequests.CsvMappingRequest;
import dev.recaudo.rest.banktransfer.ReceivingAccountRequests.RegisterRequest;
import dev.recaudo.rest.common.ApiProblem;
import dev.recaudo.rest.common.Caller;
import dev.recaudo.rest.common.PathIds;
import dev.recaudo.rest.common.Problem;
import dev.recaudo.rest.common.RequestValidation;
import io.quarkus.runtime.annotations.RegisterForReflection;
import jakarta.inject.Inject;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.DELETE;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.PUT;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;

/** The accounts the administrator's company receives bank transfers into (issue 23, rail two). */
@Path("/companies/{companyId}/receiving-accounts")
@AdminApi
@Produces(MediaType.APPLICATION_JSON)
public class ReceivingAccountsResource {

    @Inject
    ReceivingAccountsUseCase accounts;

    @Inject
    RequestValidation validation;

    @Inject
    Caller caller;

    /** An account as answered: {@code accountNumber} or {@code phone} is null, never both. */
    @RegisterForReflection
    public record AccountView(UUID id, String bank, String accountNumber, String phone, String holder, String currency,
            boolean active, Instant createdAt) {

        static AccountView of(ReceivingAccount account) {
            return new AccountView(account.id(), account.bank(), account.accountNumber().orElse(null),
                    account.phone().orElse(null), account.holder(), account.currency().name(), account.active(),
                    account.createdAt());
        }
    }

    @POST
    @Audited
    @Operation(operationId = "registerReceivingAccount")
    @APIResponse(responseCode = "201", description = "The account, active",
            content = @Content(schema = @Schema(implementation = AccountView.class)))
    @APIResponse(responseCode = "409", ref = "PublicConflict")
    @APIResponse(responseCode = "415", ref = "PublicUnsupportedMediaType")
    @Consumes(MediaType.APPLICATION_JSON)
    public Response register(@PathParam("companyId") String companyId, RegisterRequest body) {
        RegisterResult result = accounts.register(company(companyId), ReceivingAccountRequests.registration(validation, body));
        if (result instanceof RegisterResult.Registered registered) {
            caller.resultId(registered.account().id());
            return Response.status(Response.Status.CREATED).entity(AccountView.of(registered.account())).build();
        }
        int limit = ((RegisterResult.LimitReached) result).activeMax();
        throw new ApiProblem(Problem.CONFLICT, "At most " + limit + " active receiving accounts per company",
                Map.of("receivingAccounts", List.of("limit reached")));
    }

    @GET
    @Operation(operationId = "listReceivingAccounts")
    @APIResponse(responseCode = "200", description = "The company's accounts, active and deactivated, oldest first")
    public List<AccountView> list(@PathParam("companyId") String companyId) {
        return accounts.list(company(companyId)).stream().map(AccountView::of).toList();
    }

    /** The account is no longer shown to payers; its statements and entries stay. */
    @DELETE
    @Audited(target = "accountId")
    @Operation(operationId = "deactivateReceivingAccount")
    @APIResponse(responseCode = "204", description = "Deactivated")
    @Path("{accountId}")
    public Response deactivate(@PathParam("companyId") String companyId, @PathParam("accountId") String accountId) {
        if (!accounts.deactivate(company(companyId), PathIds.uuid("accountId", accountId))) {
            throw new ApiProblem(Problem.NOT_FOUND, "No such active receiving account");
        }
        return Response.noContent().build();
    }

    /** A mapping as answered: every field with the header that names it. */
    @RegisterForReflection
    public record CsvMappingView(UUID accountId, Map<String, String> columns, String decimalSeparator, String dateFormat,
            String reversalColumn) {

        static CsvMappingView of(UUID accountId, CsvMapping mapping) {
            Map<String, String> columns = new java.util.LinkedHashMap<>();
            CsvMapping.FIELDS.forEach(field -> columns.put(field, mapping.header(field)));
            return new CsvMappingView(accountId, columns, String.valueOf(mapping.decimalSeparator()), mapping.dateFormat(),
                    mapping.reversalColumn().orElse(null));
        }
    }

    /** Sets how the account's CSV statements are read; the next CSV import of the account uses it. */
    @PUT
    @Audited(target = "accountId")
    @Operation(operationId = "setReceivingAccountCsvMapping")
    @APIResponse(responseCode = "200", description = "The mapping now in force",
            content = @Content(schema = @Schema(implementation = CsvMappingView.class)))
    @APIResponse(responseCode = "415", ref = "PublicUnsupportedMediaType")
    @Consumes(MediaType.APPLICATION_JSON)
    @Path("{accountId}/csv-mapping")
    public CsvMappingView setCsvMapping(@PathParam("companyId") String companyId, @PathParam("accountId") String accountId,
            CsvMappingRequest body) {
        UUID account = PathIds.uuid("accountId", accountId);
        CsvMapping mapping = ReceivingAccountRequests.csvMapping(body);
        if (!accounts.setCsvMapping(company(companyId), account, mapping)) {
            throw new ApiProblem(Problem.NOT_FOUND, "No such receiving account");
        }
        return CsvMappingView.of(account, mapping);
    }

    /** The mapping the account's CSV imports use (the default until one is set). */
    @GET
    @Operation(operationId = "getReceivingAccountCsvMapping")
    @APIResponse(responseCode = "200", description = "The mapping in force",
            content = @Content(schema = @Schema(implementation = CsvMappingView.class)))
    @Path("{accountId}/csv-mapping")
    public CsvMappingView csvMapping(@PathParam("companyId") String companyId, @PathParam("accountId") String accountId) {
        UUID account = PathIds.uuid("accountId", accountId);
        return accounts.csvMapping(company(companyId), account).map(mapping -> CsvMappingView.of(account, mapping))
                .orElseThrow(() -> new ApiProblem(Problem.NOT_FOUND, "No such receiving account"));
    }

    private static CompanyId company(String companyId) {
        return new CompanyId(PathIds.uuid("companyId", companyId));
    }
}

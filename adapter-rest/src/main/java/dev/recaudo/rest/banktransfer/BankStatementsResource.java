package dev.recaudo.rest.banktransfer;

import dev.recaudo.application.banktransfer.BankStatementsUseCase;
import dev.recaudo.application.banktransfer.BankStatementsUseCase.ImportResult;
import dev.recaudo.application.banktransfer.ReceivingAccountsUseCase;
import dev.recaudo.application.banktransfer.StatementSource;
import dev.recaudo.domain.apikey.Permission;
import dev.recaudo.domain.banktransfer.CsvMapping;
import dev.recaudo.domain.banktransfer.StatementSummary;
import dev.recaudo.domain.company.CompanyId;
import dev.recaudo.rest.audit.Audited;
import dev.recaudo.rest.auth.AdminApi;
import dev.recaudo.rest.auth.IntegrationsApi;
import dev.recaudo.rest.auth.RequiresPermission;
import dev.recaudo.rest.common.ApiProblem;
import dev.recaudo.rest.common.BodyLimit;
import dev.recaudo.rest.common.Caller;
import dev.recaudo.rest.common.PathIds;
import dev.recaudo.rest.common.Problem;
import dev.recaudo.rest.common.StatementBody;
import io.quarkus.runtime.annotations.RegisterForReflection;
import jakarta.inject.Inject;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import java.io.InputStream;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;

/**
 * Bank statement imports of the administrator's company (issue 23, rail two): a camt.053 or a CSV
 * file of one receiving account, read as a stream, its entries kept once and matched. The import
 * also takes a partner's integrations key with {@code bank_statements:write}, signed as that API is.
 */
@Path("/companies/{companyId}/bank-statements")
@AdminApi
@Produces(MediaType.APPLICATION_JSON)
public class BankStatementsResource {

    static final String ACCOUNT_HEADER = "X-Receiving-Account";
    static final String CSV = "text/csv";

    @Inject
    BankStatementsUseCase statements;

    @Inject
    ReceivingAccountsUseCase accounts;

    @Inject
    Caller caller;

    @POST
    @Audited
    // Also a partner's: an integrations key with bank_statements:write, signed like the integrations
    // API; a call carrying Service-Signature is checked by that family's filter only (SignedKeyRoutes).
    @IntegrationsApi
    @RequiresPermission(Permission.BANK_STATEMENTS_WRITE)
    // Any type is taken here and checked in the method, after the credential: an intruder learns
    // nothing from a 415 answered before the 401.
    @Consumes(MediaType.WILDCARD)
    @Operation(operationId = "importBankStatement")
    @APIResponse(responseCode = "201", description = "The import: entries new and already seen, matched, proposed, unmatched,"
            + " and whether the opening balance leaves a gap", content = @Content(schema = @Schema(implementation = StatementView.class)))
    @APIResponse(responseCode = "404", ref = "PublicNotFound")
    @APIResponse(responseCode = "413", ref = "PublicPayloadTooLarge")
    @APIResponse(responseCode = "415", ref = "PublicUnsupportedMediaType")
    public Response importStatement(@PathParam("companyId") String companyId, @HeaderParam(ACCOUNT_HEADER) String accountId,
            @HeaderParam(HttpHeaders.CONTENT_TYPE) String contentType, @QueryParam("statementId") String statementId,
            @StatementBody InputStream body) {
        String type = contentType == null ? "" : contentType.toLowerCase(java.util.Locale.ROOT);
        boolean csv = type.startsWith(CSV);
        if (!csv && !type.startsWith(MediaType.APPLICATION_XML) && !type.startsWith(MediaType.TEXT_XML)) {
            throw new ApiProblem(Problem.UNSUPPORTED_MEDIA_TYPE,
                    "The request body must be application/xml (camt.053) or text/csv");
        }
        UUID account = PathIds.uuid(ACCOUNT_HEADER, accountId == null ? "" : accountId);
        if (csv && (statementId == null || statementId.isBlank() || statementId.length() > 200)) {
            throw ApiProblem.validation("statementId", "is required for a CSV statement, at most 200 characters");
        }
        ImportResult result;
        try {
            StatementSource source = csv
                    ? new CsvStatementSource(body, statementId.trim(),
                            accounts.csvMapping(company(companyId), account).orElse(CsvMapping.DEFAULT))
                    : new CamtStatementSource(body);
            result = statements.importStatement(company(companyId), account, csv ? "csv" : "camt.053", source);
        } catch (RuntimeException failed) {
            throw tooLarge(failed).orElseThrow(() -> failed);
        }
        if (result instanceof ImportResult.Imported imported) {
            caller.resultId(imported.statement().id());
            return Response.status(Response.Status.CREATED).entity(StatementView.of(imported.statement())).build();
        }
        if (result instanceof ImportResult.NoSuchAccount) {
            throw new ApiProblem(Problem.NOT_FOUND, "No such receiving account");
        }
        if (result instanceof ImportResult.WrongAccount wrong) {
            throw ApiProblem.validation(ACCOUNT_HEADER, "the statement is of account " + StatementAmounts.clip(wrong.statementAccount())
                    + ", not of this receiving account");
        }
        ImportResult.Malformed malformed = (ImportResult.Malformed) result;
        malformed.statement().ifPresent(statement -> caller.resultId(statement.id()));
        throw new ApiProblem(Problem.VALIDATION, "The statement is malformed at line " + malformed.line()
                + (malformed.statement().isPresent() ? "; the entries before it were kept" : "; nothing was kept"),
                Map.of("body", List.of("line " + malformed.line() + ": " + malformed.message())));
    }

    @GET
    @Operation(operationId = "listBankStatements")
    @APIResponse(responseCode = "200", description = "The company's imports, newest first, at most 100, gaps flagged")
    public List<StatementView> list(@PathParam("companyId") String companyId) {
        return statements.list(company(companyId)).stream().map(StatementView::of).toList();
    }

    /** An import as answered; balances in minor units, negative when a debit. */
    @RegisterForReflection
    public record StatementView(UUID id, UUID accountId, String statementId, String format, String status, String failure,
            Long openingBalanceMinor, Long closingBalanceMinor, Long previousClosingBalanceMinor, boolean gap, int entriesNew,
            int entriesAlreadySeen, int matched, int proposed, int unmatched, java.time.Instant importedAt) {

        static StatementView of(StatementSummary s) {
            return new StatementView(s.id(), s.accountId(), s.statementRef(), s.format(), s.status(), s.failure().orElse(null),
                    s.openingMinor().orElse(null), s.closingMinor().orElse(null), s.previousClosingMinor().orElse(null), s.gap(),
                    s.counts().entriesNew(), s.counts().entriesSeen(), s.counts().matched(), s.counts().proposed(),
                    s.counts().unmatched(), s.importedAt());
        }
    }

    /** The body passed its limit while being read: the reader wrapped the limit's exception. */
    private static java.util.Optional<ApiProblem> tooLarge(Throwable failed) {
        for (Throwable cause = failed; cause != null; cause = cause.getCause()) {
            if (cause instanceof BodyLimit.TooLarge large) {
                return java.util.Optional.of(new ApiProblem(Problem.PAYLOAD_TOO_LARGE, large.getMessage()));
            }
        }
        return java.util.Optional.empty();
    }

    private static CompanyId company(String companyId) {
        return new CompanyId(PathIds.uuid("companyId", companyId));
    }
}

package dev.recaudo.rest.banktransfer;

import dev.recaudo.application.banktransfer.ProposalsUseCase;
import dev.recaudo.application.banktransfer.ProposalsUseCase.Decision;
import dev.recaudo.domain.banktransfer.Proposal;
import dev.recaudo.domain.company.CompanyId;
import dev.recaudo.rest.audit.Audited;
import dev.recaudo.rest.auth.AdminApi;
import dev.recaudo.rest.common.ApiProblem;
import dev.recaudo.rest.common.Caller;
import dev.recaudo.rest.common.PathIds;
import dev.recaudo.rest.common.Problem;
import io.quarkus.runtime.annotations.RegisterForReflection;
import jakarta.inject.Inject;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import java.time.Instant;
import java.time.LocalDate;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;

/** The statement credits proposed for pending checkouts, each confirmed or dismissed once (issue 23, rail two). */
@Path("/companies/{companyId}/reconciliation-proposals")
@AdminApi
@Produces(MediaType.APPLICATION_JSON)
public class ReconciliationProposalsResource {

    @Inject
    ProposalsUseCase proposals;

    @Inject
    Caller caller;

    /** A proposal with the credit it is of; amounts in minor units. */
    public record ProposalView(UUID id, UUID entryId, UUID checkoutId, int confidence, String reason, String status,
            long amountMinor, String currency, LocalDate bookingDate, String bankReference, String payerName, String payerId,
            String remittance, Instant createdAt) {

        static ProposalView of(Proposal p) {
            return new ProposalView(p.id(), p.entryId(), p.checkoutId(), p.confidence(), p.reason(), p.status(),
                    p.line().amount().amountMinor(), p.line().amount().currency().name(), p.line().bookingDate(),
                    p.line().bankReference().orElse(null), p.line().payerName().orElse(null), p.line().payerId().orElse(null),
                    p.line().remittance(), p.createdAt());
        }
    }

    /**
     * What a decision did; {@code outcome}, for a confirmation: {@code paid} (the invoice, then
     * conciliated) or {@code credited} (the invoice no longer took it: the customer's credit).
     */
    @RegisterForReflection
    public record DecisionView(UUID id, String status, String outcome) {}

    @GET
    @Operation(operationId = "listReconciliationProposals")
    @APIResponse(responseCode = "200", description = "The open proposals, oldest first, at most 100")
    public List<ProposalView> open(@PathParam("companyId") String companyId) {
        return proposals.open(company(companyId)).stream().map(ProposalView::of).toList();
    }

    /**
     * Pays the proposed checkout with the credit (PAID, then CONCILIATED), once per credit: the
     * entry's other proposals are superseded; an invoice that no longer takes it makes it credit. A
     * credit above its currency's amount ({@code recaudo.reconciliation.second-person-above-minor.*})
     * is applied by the second of two people: the first's confirmation answers {@code status: OPEN,
     * outcome: awaiting_second_person}, the same person's second a {@code 409}.
     */
    @POST
    @Audited(target = "proposalId")
    @Path("{proposalId}/confirm")
    @Operation(operationId = "confirmReconciliationProposal")
    @APIResponse(responseCode = "200", description = "Confirmed", content = @Content(schema = @Schema(implementation = DecisionView.class)))
    @APIResponse(responseCode = "404", ref = "PublicNotFound")
    @APIResponse(responseCode = "409", ref = "PublicConflict")
    public DecisionView confirm(@PathParam("companyId") String companyId, @PathParam("proposalId") String proposalId) {
        UUID id = PathIds.uuid("proposalId", proposalId);
        return answer(id, proposals.confirm(company(companyId), id, caller.admin().adminUserId().value()));
    }

    @POST
    @Audited(target = "proposalId")
    @Path("{proposalId}/dismiss")
    @Operation(operationId = "dismissReconciliationProposal")
    @APIResponse(responseCode = "200", description = "Dismissed", content = @Content(schema = @Schema(implementation = DecisionView.class)))
    @APIResponse(responseCode = "404", ref = "PublicNotFound")
    @APIResponse(responseCode = "409", ref = "PublicConflict")
    public DecisionView dismiss(@PathParam("companyId") String companyId, @PathParam("proposalId") String proposalId) {
        UUID id = PathIds.uuid("proposalId", proposalId);
        return answer(id, proposals.dismiss(company(companyId), id));
    }

    private static DecisionView answer(UUID id, Decision decision) {
        if (decision instanceof Decision.Decided decided) {
            return new DecisionView(id, decided.status(), decided.outcome().orElse(null));
        }
        if (decision instanceof Decision.AwaitingSecondPerson) {
            return new DecisionView(id, "OPEN", "awaiting_second_person");
        }
        if (decision instanceof Decision.NotFound) {
            throw new ApiProblem(Problem.NOT_FOUND, "No such reconciliation proposal");
        }
        if (decision instanceof Decision.AlreadyDecided already) {
            throw new ApiProblem(Problem.CONFLICT, "The proposal was " + already.status() + " already",
                    Map.of("status", List.of(already.status())));
        }
        throw new ApiProblem(Problem.CONFLICT, ((Decision.Refused) decision).reason(),
                Map.of("proposal", List.of(((Decision.Refused) decision).reason())));
    }

    private static CompanyId company(String companyId) {
        return new CompanyId(PathIds.uuid("companyId", companyId));
    }
}

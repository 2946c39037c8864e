package dev.recaudo.rest.rail;

import dev.recaudo.domain.company.CompanyId;
import dev.recaudo.rest.auth.AdminApi;
import dev.recaudo.rest.common.PathIds;
import dev.recaudo.rest.rail.CardPayoutList.CardPayoutPage;
import jakarta.inject.Inject;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;

/**
 * The card payouts of the administrator's own company, matched or not, with the reason of each
 * unmatched one. The admin filter has already checked that the path's company is the token's.
 */
@Path("/companies/{companyId}/payouts")
@AdminApi
@Produces(MediaType.APPLICATION_JSON)
public class CardPayoutsResource {

    @Inject
    CardPayoutList payouts;

    /** Newest first, by cursor; {@code status} MATCHED or UNMATCHED; {@code limit} 1 to 100, default 20. */
    @GET
    @Operation(operationId = "listCardPayouts")
    @APIResponse(responseCode = "200", description = "A page of the company's card payouts, newest first")
    public CardPayoutPage list(@PathParam("companyId") String companyId, @QueryParam("status") String status,
            @QueryParam("cursor") String cursor, @QueryParam("limit") String limit) {
        return payouts.page(new CompanyId(PathIds.uuid("companyId", companyId)), status, cursor, limit);
    }
}

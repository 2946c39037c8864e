package dev.recaudo.rest.checkout;

import dev.recaudo.domain.apikey.Permission;
import dev.recaudo.rest.auth.AccessTokens;
import dev.recaudo.rest.auth.ExternalPaymentsApi;
import dev.recaudo.rest.auth.RequiresPermission;
import dev.recaudo.rest.common.Caller;
import jakarta.inject.Inject;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

/** Exchanges an API key with {@code checkout:write} for a short-lived checkout access token. */
@Path("/checkout/token")
@ExternalPaymentsApi
@Produces(MediaType.APPLICATION_JSON)
@Tag(name = "Checkout helper")
public class CheckoutTokenResource {

    @Inject
    AccessTokens tokens;

    @Inject
    Caller caller;

    @Schema(name = "CheckoutTokenResponse")
    public record TokenResponse(String accessToken, @Schema(enumeration = "Bearer") String tokenType,
            @Schema(description = "Seconds") long expiresIn) {}

    @POST
    @RequiresPermission(Permission.CHECKOUT_WRITE)
    @Operation(operationId = "issueCheckoutToken", summary = "Exchange an API key for a checkout access token")
    @APIResponse(responseCode = "200", description = "The Bearer token of the /checkout endpoints")
    public TokenResponse issue() {
        AccessTokens.IssuedToken token = tokens.issueCheckout(caller.key());
        return new TokenResponse(token.accessToken(), "Bearer", token.expiresInSeconds());
    }
}

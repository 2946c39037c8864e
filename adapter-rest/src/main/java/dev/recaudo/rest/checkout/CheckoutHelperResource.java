package dev.recaudo.rest.checkout;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import dev.recaudo.application.apikey.ApiKeyAuthenticationUseCase.KeyPrincipal;
import dev.recaudo.application.checkout.CheckoutHelperUseCase;
import dev.recaudo.domain.apikey.Permission;
import dev.recaudo.domain.checkout.CheckoutCustomer;
import dev.recaudo.domain.common.Saved;
import dev.recaudo.domain.product.Product;
import dev.recaudo.rest.auth.CheckoutApi;
import dev.recaudo.rest.auth.RequiresPermission;
import dev.recaudo.rest.checkout.CheckoutRequests.ProductRequest;
import dev.recaudo.rest.checkout.CheckoutRequests.ResolveCustomerRequest;
import dev.recaudo.rest.checkout.CheckoutViews.CheckoutCustomerView;
import dev.recaudo.rest.checkout.CheckoutViews.ProductView;
import dev.recaudo.rest.checkout.CheckoutViews.SavedProductView;
import dev.recaudo.rest.common.ApiProblem;
import dev.recaudo.rest.common.Caller;
import dev.recaudo.rest.common.Problem;
import dev.recaudo.rest.common.RequestBodies;
import dev.recaudo.rest.common.RequestValidation;
import dev.recaudo.rest.common.RestSettings;
import jakarta.inject.Inject;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.parameters.RequestBody;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

/**
 * The checkout helper (docs/reference/checkout.md): products by SKU and payers by e-mail, in the
 * company and environment of the token's key. A token never reaches another company's data.
 */
@Path("/checkout")
@CheckoutApi
@Produces(MediaType.APPLICATION_JSON)
@Tag(name = "Checkout helper")
public class CheckoutHelperResource {

    @Inject
    CheckoutHelperUseCase helper;

    @Inject
    RequestBodies bodies;

    @Inject
    RequestValidation validation;

    @Inject
    Caller caller;

    @Inject
    RestSettings settings;

    @GET
    @Path("company/{companyId}/product/sku/{sku}")
    @RequiresPermission(Permission.CHECKOUT_WRITE)
    @Operation(operationId = "getCheckoutProductBySku", summary = "Read a product of the token's company by SKU")
    @APIResponse(responseCode = "200", description = "The product")
    @APIResponse(responseCode = "404", ref = "StatusNotFound")
    public ProductView bySku(@PathParam("companyId") String companyId, @PathParam("sku") String sku) {
        KeyPrincipal key = caller.key();
        CheckoutRequests.requireOwnCompany(key, companyId);
        return helper.productBySku(key.scope(), sku)
                .map(ProductView::of)
                .orElseThrow(() -> new ApiProblem(Problem.NOT_FOUND, "No such product"));
    }

    /** Creates the SKU's product ({@code 201}, {@code isNew: true}) or updates it ({@code 200}, {@code isNew: false}). */
    @POST
    @Path("product")
    @Consumes(MediaType.APPLICATION_JSON)
    @RequiresPermission(Permission.CHECKOUT_WRITE)
    @Operation(operationId = "saveCheckoutProduct", summary = "Create or update a product by SKU")
    @RequestBody(required = true, content = @Content(schema = @Schema(implementation = ProductRequest.class)))
    @APIResponse(responseCode = "200", description = "Updated",
            content = @Content(schema = @Schema(implementation = SavedProductView.class)))
    @APIResponse(responseCode = "201", description = "Created",
            content = @Content(schema = @Schema(implementation = SavedProductView.class)))
    @APIResponse(responseCode = "415", ref = "StatusUnsupportedMediaType")
    public Response saveProduct(JsonNode body) throws JsonProcessingException {
        KeyPrincipal key = caller.key();
        var draft = CheckoutRequests.product(validation, key, bodies.read(body, ProductRequest.class),
                settings.http().bodyBytesMax());
        Saved<Product> saved = helper.saveProduct(draft);
        return Response.status(saved.isNew() ? 201 : 200).entity(SavedProductView.of(saved)).build();
    }

    /** The payer with this e-mail ({@code 200}, {@code isNew: false}), or a new one ({@code 201}, {@code isNew: true}). */
    @POST
    @Path("resolve-customer")
    @Consumes(MediaType.APPLICATION_JSON)
    @RequiresPermission(Permission.CHECKOUT_WRITE)
    @Operation(operationId = "resolveCheckoutCustomer", summary = "Find or create a payer by e-mail, ignoring case")
    @RequestBody(required = true, content = @Content(schema = @Schema(implementation = ResolveCustomerRequest.class)))
    @APIResponse(responseCode = "200", description = "The payer with this e-mail",
            content = @Content(schema = @Schema(implementation = CheckoutCustomerView.class)))
    @APIResponse(responseCode = "201", description = "A new payer",
            content = @Content(schema = @Schema(implementation = CheckoutCustomerView.class)))
    @APIResponse(responseCode = "415", ref = "StatusUnsupportedMediaType")
    public Response resolveCustomer(JsonNode body) throws JsonProcessingException {
        KeyPrincipal key = caller.key();
        var details = CheckoutRequests.payer(validation, key, bodies.read(body, ResolveCustomerRequest.class));
        Saved<CheckoutCustomer> saved = helper.resolveCustomer(details);
        return Response.status(saved.isNew() ? 201 : 200).entity(CheckoutCustomerView.of(saved)).build();
    }
}

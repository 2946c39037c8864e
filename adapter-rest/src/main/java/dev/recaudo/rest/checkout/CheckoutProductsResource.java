package dev.recaudo.rest.checkout;

import dev.recaudo.application.product.ProductQueries;
import dev.recaudo.domain.apikey.Permission;
import dev.recaudo.domain.company.CompanyId;
import dev.recaudo.domain.product.Product;
import dev.recaudo.rest.auth.CheckoutApi;
import dev.recaudo.rest.auth.RequiresPermission;
import dev.recaudo.rest.common.ApiProblem;
import dev.recaudo.rest.common.Caller;
import dev.recaudo.rest.common.PathIds;
import dev.recaudo.rest.common.Problem;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import java.time.Instant;
import java.util.UUID;
import org.eclipse.microprofile.openapi.annotations.security.SecurityRequirement;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

/** Products of the checkout helper. A token of one company never sees another company's catalog. */
@Path("/checkout/company/{companyId}/product")
@CheckoutApi
@Produces(MediaType.APPLICATION_JSON)
@Tag(name = "Checkout helper")
@SecurityRequirement(name = "checkoutToken")
public class CheckoutProductsResource {

    private final ProductQueries products;
    private final Caller caller;

    public CheckoutProductsResource(ProductQueries products, Caller caller) {
        this.products = products;
        this.caller = caller;
    }

    /** The product read shape: without {@code metadata} and {@code isNew}. */
    public record ProductView(
            UUID id,
            String sku,
            String name,
            String description,
            long amountMinor,
            String currency,
            String status,
            Instant createdAt,
            Instant updatedAt) {

        static ProductView of(Product product) {
            return new ProductView(product.id(), product.sku(), product.name(), product.description(),
                    product.amount().amountMinor(), product.amount().currency().name(), product.status(),
                    product.createdAt(), product.updatedAt());
        }
    }

    @GET
    @Path("sku/{sku}")
    @RequiresPermission(Permission.CHECKOUT_WRITE)
    public ProductView bySku(@PathParam("companyId") String companyId, @PathParam("sku") String sku) {
        CompanyId company = new CompanyId(PathIds.uuid("companyId", companyId));
        if (!company.equals(caller.key().companyId())) {
            throw new ApiProblem(Problem.NOT_FOUND, "No such product");
        }
        return products.findBySku(company, sku)
                .map(ProductView::of)
                .orElseThrow(() -> new ApiProblem(Problem.NOT_FOUND, "No such product"));
    }
}

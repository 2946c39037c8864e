package dev.recaudo.rest.checkout;

import com.fasterxml.jackson.annotation.JsonRawValue;
import dev.recaudo.domain.checkout.CheckoutCustomer;
import dev.recaudo.domain.common.Saved;
import dev.recaudo.domain.product.Product;
import io.quarkus.runtime.annotations.RegisterForReflection;
import java.time.Instant;
import java.util.UUID;
import org.eclipse.microprofile.openapi.annotations.enums.SchemaType;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

/** The checkout helper's answers (service-spec.md, "Product" and "Checkout customer"). */
final class CheckoutViews {

    private CheckoutViews() {}

    /** The product read shape: without {@code metadata} and {@code isNew}. */
    public record ProductView(UUID id, String sku, String name, String description, long amountMinor, String currency,
            String status, Instant createdAt, Instant updatedAt) {

        static ProductView of(Product product) {
            return new ProductView(product.id(), product.sku(), product.name(), product.description(),
                    product.amount().amountMinor(), product.amount().currency().name(), product.status(),
                    product.createdAt(), product.updatedAt());
        }
    }

    /**
     * The product write answer: with {@code metadata} and {@code isNew}. The metadata is written out
     * as the database gives it back (JSONB text), never parsed again: JSONB spells {@code 1e200} with
     * 201 digits, more than a request may carry, and that is still the value the partner sent.
     */
    @RegisterForReflection
    public record SavedProductView(UUID id, String sku, String name, String description, long amountMinor,
            String currency, String status,
            @JsonRawValue @Schema(type = SchemaType.OBJECT, description = "The metadata object as stored") String metadata,
            boolean isNew, Instant createdAt, Instant updatedAt) {

        static SavedProductView of(Saved<Product> saved) {
            Product product = saved.value();
            return new SavedProductView(product.id(), product.sku(), product.name(), product.description(),
                    product.amount().amountMinor(), product.amount().currency().name(), product.status(),
                    product.metadataJson(), saved.isNew(), product.createdAt(), product.updatedAt());
        }
    }

    /** A payer: {@code companyCustomerId} is the id to use for checkouts, {@code customerId} the global one. */
    @RegisterForReflection
    public record CheckoutCustomerView(UUID companyCustomerId, UUID customerId, String email, String name, boolean isNew) {

        static CheckoutCustomerView of(Saved<CheckoutCustomer> saved) {
            CheckoutCustomer customer = saved.value();
            return new CheckoutCustomerView(customer.id(), customer.customerId(), customer.email(), customer.name(),
                    saved.isNew());
        }
    }
}

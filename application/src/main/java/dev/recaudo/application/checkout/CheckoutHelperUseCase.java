package dev.recaudo.application.checkout;

import dev.recaudo.domain.checkout.CheckoutCustomer;
import dev.recaudo.domain.common.Saved;
import dev.recaudo.domain.common.TenantScope;
import dev.recaudo.domain.money.Money;
import dev.recaudo.domain.product.Product;
import java.util.Optional;

/** Inbound port: the checkout helper's catalog and payers, in the company and environment of the token's key. */
public interface CheckoutHelperUseCase {

    /** A product as the partner sends it; {@code metadataJson} is a JSON object text or null. */
    record ProductDraft(TenantScope scope, String sku, String name, String description, Money amount, String metadataJson) {}

    record PayerDetails(TenantScope scope, String email, String name, Optional<String> phone,
            Optional<String> identityDocument) {}

    Optional<Product> productBySku(TenantScope scope, String sku);

    /** Creates the SKU's product, or updates it when the SKU exists (idempotent by SKU). */
    Saved<Product> saveProduct(ProductDraft draft);

    /** The payer with this e-mail (ignoring case), created when unknown; a known payer is never changed. */
    Saved<CheckoutCustomer> resolveCustomer(PayerDetails details);
}

package dev.recaudo.application.checkout;

import dev.recaudo.application.common.Transactions;
import dev.recaudo.domain.checkout.CheckoutCustomer;
import dev.recaudo.domain.checkout.CheckoutCustomerRepository;
import dev.recaudo.domain.common.Saved;
import dev.recaudo.domain.common.TenantScope;
import dev.recaudo.domain.product.Product;
import dev.recaudo.domain.product.ProductRepository;
import java.time.Clock;
import java.time.Instant;
import java.util.Optional;
import java.util.UUID;

public final class CheckoutHelperService implements CheckoutHelperUseCase {

    private final ProductRepository products;
    private final CheckoutCustomerRepository customers;
    private final Transactions transactions;
    private final Clock clock;

    public CheckoutHelperService(ProductRepository products, CheckoutCustomerRepository customers, Transactions transactions,
            Clock clock) {
        this.products = products;
        this.customers = customers;
        this.transactions = transactions;
        this.clock = clock;
    }

    @Override
    public Optional<Product> productBySku(TenantScope scope, String sku) {
        return products.findBySku(scope, sku);
    }

    @Override
    public Saved<Product> saveProduct(ProductDraft draft) {
        Instant now = clock.instant();
        Product product = new Product(UUID.randomUUID(), draft.scope(), draft.sku(), draft.name(), draft.description(),
                draft.amount(), "active", draft.metadataJson(), now, now);
        return transactions.inTransaction(() -> products.upsert(product));
    }

    @Override
    public Saved<CheckoutCustomer> resolveCustomer(PayerDetails details) {
        CheckoutCustomer candidate = CheckoutCustomer.candidate(details.scope(), details.email(), details.name(),
                details.phone(), details.identityDocument(), clock.instant());
        return transactions.inTransaction(() -> customers.resolve(candidate));
    }
}

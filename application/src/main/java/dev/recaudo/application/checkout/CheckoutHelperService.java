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
    private final PayerIds payerIds;
    private final Transactions transactions;
    private final Clock clock;

    public CheckoutHelperService(ProductRepository products, CheckoutCustomerRepository customers, PayerIds payerIds,
            Transactions transactions, Clock clock) {
        this.products = products;
        this.customers = customers;
        this.payerIds = payerIds;
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
        CheckoutCustomer candidate = CheckoutCustomer.candidate(details.scope(), payerIds.of(details.email()),
                details.email(), details.name(), details.phone(), details.identityDocument(), clock.instant());
        Saved<CheckoutCustomer> resolved = transactions.inTransaction(() -> customers.resolve(candidate));
        // A payer stored before ids were keyed keeps its name-based id until the re-keying pass
        // reaches its row; meanwhile it is answered with the keyed id that pass will store.
        CheckoutCustomer stored = resolved.value();
        return stored.hasNameBasedId()
                ? new Saved<>(stored.withCustomerId(payerIds.of(stored.email())), resolved.isNew())
                : resolved;
    }
}

package dev.recaudo.domain.product;

import dev.recaudo.domain.common.Saved;
import dev.recaudo.domain.common.TenantScope;
import java.util.Optional;

/** Port: where products are kept. */
public interface ProductRepository {

    Optional<Product> findBySku(TenantScope scope, String sku);

    /**
     * Stores the product under its SKU in one statement: a new product as given, or the existing one
     * with the draft's name, description, amount and metadata (its id, status and createdAt kept).
     */
    Saved<Product> upsert(Product draft);
}

package dev.recaudo.domain.product;

import dev.recaudo.domain.company.CompanyId;
import java.util.Optional;

/** Port: where products are kept. */
public interface ProductRepository {

    Optional<Product> findBySku(CompanyId companyId, String sku);
}

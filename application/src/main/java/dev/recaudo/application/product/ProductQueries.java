package dev.recaudo.application.product;

import dev.recaudo.domain.company.CompanyId;
import dev.recaudo.domain.product.Product;
import java.util.Optional;

/** Inbound port: reading the product catalog. */
public interface ProductQueries {

    Optional<Product> findBySku(CompanyId companyId, String sku);
}

package dev.recaudo.application.product;

import dev.recaudo.domain.company.CompanyId;
import dev.recaudo.domain.product.Product;
import dev.recaudo.domain.product.ProductRepository;
import java.util.Optional;

public final class ProductQueryService implements ProductQueries {

    private final ProductRepository products;

    public ProductQueryService(ProductRepository products) {
        this.products = products;
    }

    @Override
    public Optional<Product> findBySku(CompanyId companyId, String sku) {
        return products.findBySku(companyId, sku);
    }
}

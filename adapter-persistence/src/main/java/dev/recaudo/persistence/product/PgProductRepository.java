package dev.recaudo.persistence.product;

import static dev.recaudo.persistence.common.Jdbc.instant;
import static dev.recaudo.persistence.common.Jdbc.uuid;

import dev.recaudo.domain.company.CompanyId;
import dev.recaudo.domain.money.CurrencyCode;
import dev.recaudo.domain.money.Money;
import dev.recaudo.domain.product.Product;
import dev.recaudo.domain.product.ProductRepository;
import dev.recaudo.persistence.common.Jdbc;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.Optional;

@ApplicationScoped
public class PgProductRepository implements ProductRepository {

    private final Jdbc jdbc;

    public PgProductRepository(Jdbc jdbc) {
        this.jdbc = jdbc;
    }

    @Override
    public Optional<Product> findBySku(CompanyId companyId, String sku) {
        return jdbc.queryOne(
                "SELECT id, company_id, sku, name, description, amount_minor, currency, status, metadata::text AS metadata,"
                        + " created_at, updated_at FROM products WHERE company_id = ? AND sku = ?",
                row -> new Product(
                        uuid(row, "id"),
                        new CompanyId(uuid(row, "company_id")),
                        row.getString("sku"),
                        row.getString("name"),
                        row.getString("description"),
                        Money.of(row.getLong("amount_minor"), CurrencyCode.valueOf(row.getString("currency"))),
                        row.getString("status"),
                        row.getString("metadata"),
                        instant(row, "created_at"),
                        instant(row, "updated_at")),
                companyId.value(),
                sku);
    }
}

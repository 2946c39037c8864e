package dev.recaudo.persistence.product;

import static dev.recaudo.persistence.common.Rows.instant;
import static dev.recaudo.persistence.common.Rows.uuid;

import dev.recaudo.domain.common.Saved;
import dev.recaudo.domain.common.TenantScope;
import dev.recaudo.domain.money.CurrencyCode;
import dev.recaudo.domain.money.Money;
import dev.recaudo.domain.product.Product;
import dev.recaudo.domain.product.ProductRepository;
import dev.recaudo.persistence.common.NativeSql;
import dev.recaudo.persistence.common.Rows;
import dev.recaudo.persistence.common.StoreFailures;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.Optional;

@ApplicationScoped
@StoreFailures
public class PgProductRepository implements ProductRepository {

    private static final String COLUMNS = "id, company_id, is_test, sku, name, description, amount_minor, currency, status,"
            + " metadata::text AS metadata, created_at, updated_at";

    @Inject
    NativeSql nativeSql;

    @Override
    public Optional<Product> findBySku(TenantScope scope, String sku) {
        return nativeSql.queryOne("SELECT " + COLUMNS + " FROM products WHERE company_id = ? AND is_test = ? AND sku = ?",
                PgProductRepository::product, scope.companyId().value(), scope.isTest(), sku);
    }

    /** {@code xmax = 0} tells a row this statement inserted from one it updated. */
    @Override
    public Saved<Product> upsert(Product draft) {
        return nativeSql.queryOne("INSERT INTO products (id, company_id, is_test, sku, name, description, amount_minor, currency,"
                        + " status, metadata, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?::jsonb, ?, ?)"
                        + " ON CONFLICT (company_id, is_test, sku) DO UPDATE SET name = excluded.name,"
                        + " description = excluded.description, amount_minor = excluded.amount_minor,"
                        + " currency = excluded.currency, metadata = excluded.metadata, updated_at = excluded.updated_at"
                        + " RETURNING " + COLUMNS + ", (xmax = 0) AS inserted",
                        row -> new Saved<>(product(row), row.getBoolean("inserted")),
                        draft.id(), draft.scope().companyId().value(), draft.scope().isTest(), draft.sku(), draft.name(),
                        draft.description(), draft.amount().amountMinor(), draft.amount().currency().name(), draft.status(),
                        draft.metadataJson(), draft.createdAt(), draft.updatedAt())
                .orElseThrow();
    }

    private static Product product(ResultSet row) throws SQLException {
        return new Product(
                uuid(row, "id"),
                Rows.scope(row),
                row.getString("sku"),
                row.getString("name"),
                row.getString("description"),
                Money.of(row.getLong("amount_minor"), CurrencyCode.valueOf(row.getString("currency"))),
                row.getString("status"),
                row.getString("metadata"),
                instant(row, "created_at"),
                instant(row, "updated_at"));
    }
}

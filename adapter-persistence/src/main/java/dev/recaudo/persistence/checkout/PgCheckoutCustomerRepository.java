package dev.recaudo.persistence.checkout;

import static dev.recaudo.persistence.common.Rows.instant;
import static dev.recaudo.persistence.common.Rows.uuid;

import dev.recaudo.domain.checkout.CheckoutCustomer;
import dev.recaudo.domain.checkout.CheckoutCustomerRepository;
import dev.recaudo.domain.common.Saved;
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
public class PgCheckoutCustomerRepository implements CheckoutCustomerRepository {

    @Inject
    NativeSql nativeSql;

    /**
     * Insert-or-nothing on the unique e-mail index, then read the stored row: a resolve that lost
     * the race to a concurrent one finds the winner's row, and nothing is ever updated.
     */
    @Override
    public Saved<CheckoutCustomer> resolve(CheckoutCustomer candidate) {
        int inserted = nativeSql.update("INSERT INTO checkout_customers (id, company_id, is_test, customer_id, email, name, phone,"
                        + " identity_document, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)"
                        + " ON CONFLICT (company_id, is_test, lower(email)) DO NOTHING",
                candidate.id(), candidate.scope().companyId().value(), candidate.scope().isTest(), candidate.customerId(),
                candidate.email(), candidate.name(), candidate.phone().orElse(null),
                candidate.identityDocument().orElse(null), candidate.createdAt());
        CheckoutCustomer stored = nativeSql.queryOne("SELECT * FROM checkout_customers WHERE company_id = ? AND is_test = ?"
                        + " AND lower(email) = lower(?)", PgCheckoutCustomerRepository::customer,
                        candidate.scope().companyId().value(), candidate.scope().isTest(), candidate.email())
                .orElseThrow();
        return new Saved<>(stored, inserted == 1);
    }

    private static CheckoutCustomer customer(ResultSet row) throws SQLException {
        return new CheckoutCustomer(uuid(row, "id"), Rows.scope(row), uuid(row, "customer_id"), row.getString("email"),
                row.getString("name"), Optional.ofNullable(row.getString("phone")),
                Optional.ofNullable(row.getString("identity_document")), instant(row, "created_at"));
    }
}

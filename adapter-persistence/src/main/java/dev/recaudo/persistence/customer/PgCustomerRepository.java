package dev.recaudo.persistence.customer;

import static dev.recaudo.persistence.common.Jdbc.instant;
import static dev.recaudo.persistence.common.Jdbc.uuid;

import dev.recaudo.domain.common.TenantScope;
import dev.recaudo.domain.customer.Customer;
import dev.recaudo.domain.customer.CustomerListItem;
import dev.recaudo.domain.customer.CustomerListQuery;
import dev.recaudo.domain.customer.CustomerProfile;
import dev.recaudo.domain.customer.CustomerRepository;
import dev.recaudo.persistence.common.Jdbc;
import jakarta.enterprise.context.ApplicationScoped;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.UUID;

@ApplicationScoped
public class PgCustomerRepository implements CustomerRepository {

    private final Jdbc jdbc;

    public PgCustomerRepository(Jdbc jdbc) {
        this.jdbc = jdbc;
    }

    @Override
    public void lockIdentity(TenantScope scope, String identity) {
        jdbc.queryOne("SELECT pg_advisory_xact_lock(hashtextextended(?, 0))", row -> 1,
                "customer:" + scope.companyId() + ":" + scope.isTest() + ":" + identity);
    }

    @Override
    public Optional<Customer> findByExternalId(TenantScope scope, String source, String externalCustomerId) {
        return jdbc.queryOne("SELECT c.* FROM customers c JOIN customer_links l ON l.customer_id = c.id"
                        + " WHERE l.company_id = ? AND l.is_test = ? AND l.source = ? AND l.external_customer_id = ?",
                row -> customer(scope, row), scope.companyId().value(), scope.isTest(), source, externalCustomerId);
    }

    @Override
    public Optional<Customer> findByTaxIdentity(TenantScope scope, String taxIdentity) {
        return jdbc.queryOne("SELECT * FROM customers WHERE company_id = ? AND is_test = ? AND tax_id_normalized = ?",
                row -> customer(scope, row), scope.companyId().value(), scope.isTest(), taxIdentity);
    }

    @Override
    public Optional<Customer> find(TenantScope scope, UUID companyCustomerId) {
        return jdbc.queryOne("SELECT * FROM customers WHERE company_id = ? AND is_test = ? AND id = ?",
                row -> customer(scope, row), scope.companyId().value(), scope.isTest(), companyCustomerId);
    }

    @Override
    public void insert(Customer customer) {
        CustomerProfile profile = customer.profile();
        jdbc.update("INSERT INTO customers (id, customer_id, company_id, is_test, type, name, email, phone, tax_id,"
                        + " tax_id_normalized, customer_code, status, created_at, updated_at)"
                        + " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                customer.id(), customer.globalId(), customer.scope().companyId().value(), customer.scope().isTest(),
                profile.type().map(PgCustomerRepository::typeName).orElse(null), profile.name(),
                profile.email().orElse(null), profile.phone().orElse(null), profile.taxId().orElse(null),
                profile.taxIdentity().orElse(null), profile.customerCode().orElse(null), Customer.STATUS_CREATED,
                customer.createdAt(), customer.updatedAt());
    }

    @Override
    public void update(Customer customer) {
        CustomerProfile profile = customer.profile();
        jdbc.update("UPDATE customers SET type = ?, name = ?, email = ?, phone = ?, tax_id = ?, tax_id_normalized = ?,"
                        + " customer_code = ?, updated_at = ? WHERE company_id = ? AND is_test = ? AND id = ?",
                profile.type().map(PgCustomerRepository::typeName).orElse(null), profile.name(),
                profile.email().orElse(null), profile.phone().orElse(null), profile.taxId().orElse(null),
                profile.taxIdentity().orElse(null), profile.customerCode().orElse(null), customer.updatedAt(),
                customer.scope().companyId().value(), customer.scope().isTest(), customer.id());
    }

    @Override
    public void link(TenantScope scope, String source, String externalCustomerId, UUID companyCustomerId, Instant now) {
        jdbc.update("INSERT INTO customer_links (company_id, is_test, source, external_customer_id, customer_id, created_at)"
                        + " VALUES (?, ?, ?, ?, ?, ?)",
                scope.companyId().value(), scope.isTest(), source, externalCustomerId, companyCustomerId, now);
    }

    private static Customer customer(TenantScope scope, ResultSet row) throws SQLException {
        CustomerProfile profile = new CustomerProfile(
                Optional.ofNullable(row.getString("type")).map(t -> CustomerProfile.CustomerType.valueOf(t.toUpperCase(Locale.ROOT))),
                row.getString("name"),
                Optional.ofNullable(row.getString("email")),
                Optional.ofNullable(row.getString("phone")),
                Optional.ofNullable(row.getString("tax_id")),
                Optional.ofNullable(row.getString("customer_code")));
        return new Customer(uuid(row, "id"), uuid(row, "customer_id"), scope, profile,
                instant(row, "created_at"), instant(row, "updated_at"));
    }

    private static String typeName(CustomerProfile.CustomerType type) {
        return type.name().toLowerCase(Locale.ROOT);
    }

    @Override
    public List<CustomerListItem> list(TenantScope scope, CustomerListQuery query) {
        List<Object> parameters = new ArrayList<>();
        StringBuilder sql = new StringBuilder("SELECT c.*, l.source AS link_source, l.external_customer_id AS link_external_id,"
                + " (SELECT array_agg(x.source ORDER BY x.created_at, x.source, x.external_customer_id)"
                + "    FROM customer_links x WHERE x.customer_id = c.id) AS link_sources,"
                + " (SELECT array_agg(x.external_customer_id ORDER BY x.created_at, x.source, x.external_customer_id)"
                + "    FROM customer_links x WHERE x.customer_id = c.id) AS link_external_ids"
                + " FROM customers c"
                + " JOIN LATERAL (SELECT y.source, y.external_customer_id FROM customer_links y WHERE y.customer_id = c.id");
        if (query.source().isPresent()) {
            sql.append(" AND y.source = ?");
            parameters.add(query.source().get());
        }
        sql.append(" ORDER BY y.created_at, y.source, y.external_customer_id LIMIT 1) l ON true");
        sql.append(" WHERE c.company_id = ? AND c.is_test = ?");
        parameters.add(scope.companyId().value());
        parameters.add(scope.isTest());
        query.search().ifPresent(search -> {
            sql.append(" AND (c.name ILIKE ? OR c.email ILIKE ? OR c.phone ILIKE ? OR c.tax_id ILIKE ?"
                    + " OR c.customer_code ILIKE ? OR l.external_customer_id ILIKE ?)");
            String pattern = "%" + search.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_") + "%";
            for (int i = 0; i < 6; i++) {
                parameters.add(pattern);
            }
        });
        query.after().ifPresent(position -> {
            sql.append(" AND (c.updated_at, c.id) < (?, ?)");
            parameters.add(position.updatedAt());
            parameters.add(position.companyCustomerId());
        });
        sql.append(" ORDER BY c.updated_at DESC, c.id DESC LIMIT ?");
        parameters.add(query.limit() + 1);
        return jdbc.query(sql.toString(), PgCustomerRepository::item, parameters.toArray());
    }

    private static CustomerListItem item(ResultSet row) throws SQLException {
        String[] sources = (String[]) row.getArray("link_sources").getArray();
        String[] externalIds = (String[]) row.getArray("link_external_ids").getArray();
        List<CustomerListItem.ExternalIdentity> links = new ArrayList<>();
        for (int i = 0; i < sources.length; i++) {
            links.add(new CustomerListItem.ExternalIdentity(sources[i], externalIds[i]));
        }
        return new CustomerListItem(
                uuid(row, "customer_id"),
                uuid(row, "id"),
                row.getString("link_source"),
                row.getString("link_external_id"),
                row.getString("type"),
                row.getString("name"),
                row.getString("status"),
                links,
                row.getString("customer_code"),
                row.getString("email"),
                row.getString("phone"),
                row.getString("tax_id"),
                instant(row, "created_at"),
                instant(row, "updated_at"));
    }
}

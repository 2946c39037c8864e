package dev.recaudo.persistence.customer;

import static dev.recaudo.persistence.common.Rows.instant;
import static dev.recaudo.persistence.common.Rows.uuid;

import dev.recaudo.domain.common.TenantScope;
import dev.recaudo.domain.customer.Customer;
import dev.recaudo.domain.customer.CustomerLink;
import dev.recaudo.domain.customer.CustomerListItem;
import dev.recaudo.domain.customer.CustomerListQuery;
import dev.recaudo.domain.customer.CustomerProfile;
import dev.recaudo.domain.customer.CustomerRepository;
import dev.recaudo.persistence.common.AdvisoryLocks;
import dev.recaudo.persistence.common.DynamicSql;
import dev.recaudo.persistence.common.NativeSql;
import dev.recaudo.persistence.common.StoreFailures;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.UUID;

@ApplicationScoped
@StoreFailures
public class PgCustomerRepository implements CustomerRepository {

    private static final String LINK_COLUMNS = "l.*, c.customer_id AS global_id";
    private static final String PROFILE_COLUMNS = "type, name, email, phone, tax_id, customer_code";
    private static final String PROFILE_PLACEHOLDERS = "?, ?, ?, ?, ?, ?";

    @Inject
    NativeSql nativeSql;

    @Override
    public void lockIdentity(TenantScope scope, String identity) {
        AdvisoryLocks.lockIdentity(nativeSql, "customer", scope, identity);
    }

    @Override
    public Optional<CustomerLink> findLink(TenantScope scope, String source, String externalCustomerId) {
        return nativeSql.queryOne("SELECT " + LINK_COLUMNS + " FROM customer_links l JOIN customers c ON c.id = l.customer_id"
                        + " WHERE l.company_id = ? AND l.is_test = ? AND l.source = ? AND l.external_customer_id = ?",
                row -> link(scope, row), scope.companyId().value(), scope.isTest(), source, externalCustomerId);
    }

    @Override
    public Optional<CustomerLink> findFirstLink(TenantScope scope, String source, UUID companyCustomerId) {
        return nativeSql.queryOne("SELECT " + LINK_COLUMNS + " FROM customer_links l JOIN customers c ON c.id = l.customer_id"
                        + " WHERE l.company_id = ? AND l.is_test = ? AND l.source = ? AND l.customer_id = ?"
                        + " ORDER BY l.created_at, l.source, l.external_customer_id LIMIT 1",
                row -> link(scope, row), scope.companyId().value(), scope.isTest(), source, companyCustomerId);
    }

    @Override
    public Optional<Customer> findByTaxIdentity(TenantScope scope, String taxIdentity) {
        return nativeSql.queryOne("SELECT * FROM customers WHERE company_id = ? AND is_test = ? AND tax_id_normalized = ?",
                CustomerRows::customer, scope.companyId().value(), scope.isTest(), taxIdentity);
    }

    @Override
    public Optional<Customer> find(TenantScope scope, UUID companyCustomerId) {
        return nativeSql.queryOne("SELECT * FROM customers WHERE company_id = ? AND is_test = ? AND id = ?",
                CustomerRows::customer, scope.companyId().value(), scope.isTest(), companyCustomerId);
    }

    @Override
    public void insert(Customer customer) {
        nativeSql.defer(new DynamicSql("INSERT INTO customers (id, customer_id, company_id, is_test, tax_id_normalized, status,"
                        + " created_at, updated_at, " + PROFILE_COLUMNS + ") VALUES (?, ?, ?, ?, ?, ?, ?, ?, ",
                customer.id(), customer.globalId(), customer.scope().companyId().value(), customer.scope().isTest(),
                customer.profile().taxIdentity().orElse(null), Customer.STATUS_CREATED, customer.createdAt(),
                customer.updatedAt())
                .append(PROFILE_PLACEHOLDERS + ")", profileValues(customer.profile())));
    }

    @Override
    public void assignTaxIdentity(Customer customer) {
        nativeSql.update("UPDATE customers SET tax_id = ?, tax_id_normalized = ?, updated_at = ?"
                        + " WHERE company_id = ? AND is_test = ? AND id = ? AND tax_id_normalized IS NULL",
                customer.profile().taxId().orElseThrow(), customer.taxIdentity().orElseThrow(), customer.updatedAt(),
                customer.scope().companyId().value(), customer.scope().isTest(), customer.id());
    }

    @Override
    public void insertLink(CustomerLink link) {
        nativeSql.update(new DynamicSql("INSERT INTO customer_links (company_id, is_test, source, external_customer_id,"
                        + " customer_id, created_at, updated_at, " + PROFILE_COLUMNS + ") VALUES (?, ?, ?, ?, ?, ?, ?, ",
                link.scope().companyId().value(), link.scope().isTest(), link.source(), link.externalCustomerId(),
                link.companyCustomerId(), link.createdAt(), link.updatedAt())
                .append(PROFILE_PLACEHOLDERS + ")", profileValues(link.profile())));
    }

    @Override
    public void updateLink(CustomerLink link) {
        nativeSql.update(new DynamicSql("UPDATE customer_links SET (" + PROFILE_COLUMNS + ") = (" + PROFILE_PLACEHOLDERS + ")",
                profileValues(link.profile()))
                .append(", updated_at = ? WHERE company_id = ? AND is_test = ? AND source = ? AND external_customer_id = ?",
                        link.updatedAt(), link.scope().companyId().value(), link.scope().isTest(), link.source(),
                        link.externalCustomerId()));
    }

    /** The values of {@link #PROFILE_COLUMNS}, in order: a customer as created and a partner's link to it share them. */
    private static Object[] profileValues(CustomerProfile profile) {
        return new Object[] {profile.type().map(PgCustomerRepository::typeName).orElse(null), profile.name(),
                profile.email().orElse(null), profile.phone().orElse(null), profile.taxId().orElse(null),
                profile.customerCode().orElse(null)};
    }

    private static CustomerLink link(TenantScope scope, ResultSet row) throws SQLException {
        return CustomerRows.link(scope, row, "").orElseThrow();
    }

    private static String typeName(CustomerProfile.CustomerType type) {
        return type.name().toLowerCase(Locale.ROOT);
    }

    /**
     * One item per customer: the listed partner's first link to it (any partner's, without a source
     * filter), with that link's data, ordered by the link's last update. The links shown beside it
     * are the reader's own, or all of them for a key without a source; search reads only what the
     * item shows, so no partner finds a customer by another partner's data.
     */
    @Override
    public List<CustomerListItem> list(TenantScope scope, CustomerListQuery query) {
        String readersLinks = query.reader().map(reader -> " AND x.source = ?").orElse("");
        Object[] reader = query.reader().stream().toArray();
        DynamicSql sql = new DynamicSql("SELECT " + LINK_COLUMNS + ", c.status,")
                .append(" (SELECT array_agg(x.source ORDER BY x.created_at, x.source, x.external_customer_id)"
                        + "    FROM customer_links x WHERE x.customer_id = c.id" + readersLinks + ") AS link_sources,", reader)
                .append(" (SELECT array_agg(x.external_customer_id ORDER BY x.created_at, x.source, x.external_customer_id)"
                        + "    FROM customer_links x WHERE x.customer_id = c.id" + readersLinks + ") AS link_external_ids", reader)
                .append(" FROM customer_links l JOIN customers c ON c.id = l.customer_id"
                        + " WHERE l.company_id = ? AND l.is_test = ?", scope.companyId().value(), scope.isTest())
                .when(query.source(), " AND l.source = ?")
                .append(" AND NOT EXISTS (SELECT 1 FROM customer_links e WHERE e.customer_id = l.customer_id"
                        + (query.source().isPresent() ? " AND e.source = l.source" : "")
                        + " AND (e.created_at, e.source, e.external_customer_id) < (l.created_at, l.source, l.external_customer_id))");
        query.search().map(DynamicSql::containing).ifPresent(pattern -> sql.append(
                " AND (l.name ILIKE ? OR l.email ILIKE ? OR l.phone ILIKE ? OR l.tax_id ILIKE ?"
                        + " OR l.customer_code ILIKE ? OR l.external_customer_id ILIKE ?)",
                pattern, pattern, pattern, pattern, pattern, pattern));
        query.after().ifPresent(position -> sql.append(" AND (l.updated_at, l.customer_id) < (?, ?)",
                position.updatedAt(), position.companyCustomerId()));
        sql.append(" ORDER BY l.updated_at DESC, l.customer_id DESC LIMIT ?", query.limit() + 1);
        return nativeSql.query(sql, PgCustomerRepository::item);
    }

    private static CustomerListItem item(ResultSet row) throws SQLException {
        String[] sources = (String[]) row.getArray("link_sources").getArray();
        String[] externalIds = (String[]) row.getArray("link_external_ids").getArray();
        List<CustomerListItem.ExternalIdentity> links = new ArrayList<>();
        for (int i = 0; i < sources.length; i++) {
            links.add(new CustomerListItem.ExternalIdentity(sources[i], externalIds[i]));
        }
        return new CustomerListItem(
                uuid(row, "global_id"),
                uuid(row, "customer_id"),
                row.getString("source"),
                row.getString("external_customer_id"),
                row.getString("type"),
                row.getString("name"),
                row.getString("status"),
                links,
                row.getString("customer_code"),
                row.getString("email"),
                row.getString("phone"),
                row.getString("tax_id"),
                List.of(),
                instant(row, "created_at"),
                instant(row, "updated_at"));
    }
}

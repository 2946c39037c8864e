package dev.recaudo.persistence.customer;

import static dev.recaudo.persistence.common.Rows.instant;
import static dev.recaudo.persistence.common.Rows.uuid;

import dev.recaudo.domain.common.TenantScope;
import dev.recaudo.domain.customer.Customer;
import dev.recaudo.domain.customer.CustomerLink;
import dev.recaudo.domain.customer.CustomerProfile;
import dev.recaudo.persistence.common.DynamicSql;
import dev.recaudo.persistence.common.Rows;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * The row mapping of a partner's customer link ({@code customer_links} joined to its customer for the
 * global id), for this package's statements and for those that read a link beside other rows: the
 * verified payment reads its customer's link with the payment, its columns named with a prefix so
 * that they do not collide with the payment's.
 */
public final class CustomerRows {

    private static final List<String> LINK_COLUMNS = List.of("source", "external_customer_id", "customer_id", "type", "name",
            "email", "phone", "tax_id", "customer_code", "created_at", "updated_at");

    private CustomerRows() {}

    /**
     * The link's columns, each named {@code prefix} and its own name, for a statement that joins
     * {@code customer_links} as {@code l} and its {@code customers} row as {@code c}.
     */
    public static String linkColumns(String prefix) {
        return LINK_COLUMNS.stream().map(column -> "l." + column + " AS " + prefix + column)
                .collect(Collectors.joining(", ")) + ", c.customer_id AS " + prefix + "global_id";
    }

    /** The link in a row of {@link #linkColumns}, empty where the statement's outer join found none. */
    public static Optional<CustomerLink> link(TenantScope scope, ResultSet row, String prefix) throws SQLException {
        if (row.getObject(prefix + "customer_id") == null) {
            return Optional.empty();
        }
        return Optional.of(new CustomerLink(scope, row.getString(prefix + "source"),
                row.getString(prefix + "external_customer_id"), uuid(row, prefix + "customer_id"), uuid(row, prefix + "global_id"),
                profile(row, prefix), instant(row, prefix + "created_at"), instant(row, prefix + "updated_at")));
    }

    /**
     * The link the partner of the document {@code documentId} selects (a subquery of its tenant giving
     * at most one id) named its customer by, whichever customer that link is of now.
     */
    public static DynamicSql namedLinkOf(DynamicSql documentId) {
        return new DynamicSql("SELECT d.company_id, d.is_test, " + linkColumns("")
                + " FROM collection_documents d JOIN customer_links l ON l.company_id = d.company_id AND l.is_test = d.is_test"
                + " AND l.source = d.source AND l.external_customer_id = d.customer_external_id"
                + " JOIN customers c ON c.id = l.customer_id WHERE d.id IN (").append(documentId).append(")");
    }

    /** The first link of that document's partner to its customer, as {@link #namedLinkOf} selects the document. */
    public static DynamicSql firstLinkOf(DynamicSql documentId) {
        return new DynamicSql("SELECT d.company_id, d.is_test, " + linkColumns("")
                + " FROM collection_documents d JOIN customer_links l ON l.company_id = d.company_id AND l.is_test = d.is_test"
                + " AND l.source = d.source AND l.customer_id = d.customer_id"
                + " JOIN customers c ON c.id = l.customer_id WHERE d.id IN (").append(documentId)
                .append(") ORDER BY l.created_at, l.source, l.external_customer_id LIMIT 1");
    }

    /** A link of {@link #namedLinkOf} or {@link #firstLinkOf}. */
    public static CustomerLink documentLink(ResultSet row) throws SQLException {
        return link(Rows.scope(row), row, "").orElseThrow();
    }

    /** The customers of the documents {@code documentIds} selects. */
    public static DynamicSql customersOf(DynamicSql documentIds) {
        return new DynamicSql("SELECT c.* FROM customers c WHERE c.id IN (SELECT d.customer_id FROM collection_documents d"
                + " WHERE d.id IN (").append(documentIds).append("))");
    }

    /** A row of {@code customers}. */
    public static Customer customer(ResultSet row) throws SQLException {
        return new Customer(uuid(row, "id"), uuid(row, "customer_id"), Rows.scope(row), profile(row, ""),
                instant(row, "created_at"), instant(row, "updated_at"));
    }

    /** The same columns describe a customer as created and a partner's link to it. */
    static CustomerProfile profile(ResultSet row, String prefix) throws SQLException {
        return new CustomerProfile(
                Optional.ofNullable(row.getString(prefix + "type"))
                        .map(t -> CustomerProfile.CustomerType.valueOf(t.toUpperCase(Locale.ROOT))),
                row.getString(prefix + "name"),
                Optional.ofNullable(row.getString(prefix + "email")),
                Optional.ofNullable(row.getString(prefix + "phone")),
                Optional.ofNullable(row.getString(prefix + "tax_id")),
                Optional.ofNullable(row.getString(prefix + "customer_code")));
    }
}

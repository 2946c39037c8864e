package dev.recaudo.e2e.integrations;

import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.equalTo;

import dev.recaudo.domain.ledger.InvariantViolation;
import dev.recaudo.domain.ledger.LedgerCheck;
import dev.recaudo.domain.ledger.LedgerInvariant;
import dev.recaudo.e2e.invoices.LedgerChecks;
import dev.recaudo.e2e.support.Partner;
import dev.recaudo.e2e.support.PostgresTestDatabase;
import dev.recaudo.persistence.ledger.LedgerInvariantQueries;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.path.json.JsonPath;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/**
 * Credit is reported (issue 22, item 4): a customer's credit per currency on its integrations read,
 * read from its {@code customer_credit} ledger accounts; the kind of each payment applied to a
 * document; and invariant I5, which checks those accounts against the payments that recorded credit.
 */
@QuarkusTest
class CustomerCreditTest {

    @Test
    void givenCreditInTwoCurrencies_whenTheCustomersAreListed_thenEachShowsItsCreditPerCurrencyFromTheLedger() throws Exception {
        Partner partner = Partner.create();
        partner.createDocument("A", "C-1", "USD", 1000);
        partner.createDocument("B", "C-1", "VES", 365_000);
        partner.createDocument("C", "C-2", "USD", 500);
        String companyCustomerId = partner.pay("P-1", "C-1", 1250, "USD", "A", 1000).then().statusCode(200)
                .body("status", equalTo("credited")).body("creditCreatedMinor", equalTo(250))
                .extract().path("companyCustomerId");
        partner.pay("P-2", "C-1", 400_000, "VES", "B", 365_000).then().statusCode(200)
                .body("status", equalTo("credited")).body("creditCreatedMinor", equalTo(35_000));
        partner.pay("P-3", "C-2", 500, "USD", "C", 500).then().statusCode(200).body("status", equalTo("applied"));

        JsonPath customers = partner.get("/customers").then().statusCode(200).extract().jsonPath();
        assertThat(customers.getList("items.find { it.externalCustomerId == 'C-1' }.creditBalances"))
                .isEqualTo(List.of(Map.of("currency", "USD", "amountMinor", 250),
                        Map.of("currency", "VES", "amountMinor", 35_000)));
        assertThat(customers.getList("items.find { it.externalCustomerId == 'C-2' }.creditBalances")).isEmpty();
        assertThat(LedgerChecks.accountMinor("customer_credit:" + companyCustomerId, "USD")).isEqualTo(-250);
        assertThat(LedgerChecks.accountMinor("customer_credit:" + companyCustomerId, "VES")).isEqualTo(-35_000);

        partner.get("/collection-documents/A").then().statusCode(200)
                .body("appliedPayments.externalPaymentId", equalTo(List.of("P-1")))
                .body("appliedPayments.provider", equalTo(List.of("verified")));
        try (Connection connection = PostgresTestDatabase.connect()) {
            LedgerCheck check = LedgerInvariantQueries.check(connection);
            assertThat(check.firstViolations()).isEmpty();
        }
    }

    @Test
    void givenPaymentRecordingLessCreditThanItsTransferPosted_whenChecked_thenI5NamesTheCustomer() throws Exception {
        Partner partner = Partner.create();
        partner.createDocument("A", "C-1", "USD", 1000);
        JsonPath payment = partner.pay("P-1", "C-1", 1250, "USD", "A", 1000).then().statusCode(200).extract().jsonPath();
        String customer = payment.getString("companyCustomerId");

        assertI5Names(customer + " in USD: credit 250, created by transfers 250, recorded by payments 249",
                "UPDATE payments SET credit_minor = credit_minor - 1 WHERE id = '" + payment.getString("paymentId") + "'");
    }

    @Test
    void givenMoreCreditSpentThanCreated_whenChecked_thenI5NamesTheCustomer() throws Exception {
        Partner partner = Partner.create();
        partner.createDocument("A", "C-1", "USD", 1000);
        String customer = partner.pay("P-1", "C-1", 1250, "USD", "A", 1000).then().statusCode(200)
                .extract().path("companyCustomerId");
        String credit = "customer_credit:" + customer;
        String transfer = UUID.randomUUID().toString();
        // A balanced transfer (I4 holds) that takes 300 out of a credit of 250.
        assertI5Names(customer + " in USD: credit -50, created by transfers 250, recorded by payments 250",
                "INSERT INTO ledger_transfers (id, company_id, is_test, kind, created_at) SELECT '" + transfer
                        + "', company_id, is_test, 'DOCUMENT_ADJUSTED', now() FROM ledger_accounts WHERE code = '" + credit + "'",
                "INSERT INTO ledger_entries (transfer_id, account_id, currency, amount_minor, created_at)"
                        + " SELECT '" + transfer + "', a.id, 'USD', CASE WHEN a.code = '" + credit + "' THEN 300 ELSE -300 END,"
                        + " now() FROM ledger_accounts a JOIN ledger_accounts c ON c.code = '" + credit + "'"
                        + " AND a.company_id = c.company_id AND a.is_test = c.is_test AND a.currency = 'USD'"
                        + " WHERE a.code IN ('" + credit + "', 'partner_collections:acme-erp')");
    }

    /** Runs {@code corruption} in a transaction, expects I5 alone to be broken, naming {@code row}, and rolls back. */
    private static void assertI5Names(String row, String... corruption) throws SQLException {
        try (Connection connection = PostgresTestDatabase.connect()) {
            connection.setAutoCommit(false);
            try {
                for (String statement : corruption) {
                    try (PreparedStatement prepared = connection.prepareStatement(statement)) {
                        assertThat(prepared.executeUpdate()).as(statement).isPositive();
                    }
                }
                LedgerCheck check = LedgerInvariantQueries.check(connection);
                assertThat(check.violations(LedgerInvariant.I5)).isEqualTo(1);
                assertThat(check.violations(LedgerInvariant.I4)).isZero();
                assertThat(check.firstViolations()).filteredOn(violation -> violation.invariant() == LedgerInvariant.I5)
                        .extracting(InvariantViolation::row).containsExactly("customer " + row);
            } finally {
                connection.rollback();
            }
        }
    }
}

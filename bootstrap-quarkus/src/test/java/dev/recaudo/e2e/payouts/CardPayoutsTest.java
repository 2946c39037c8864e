package dev.recaudo.e2e.payouts;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasSize;

import dev.recaudo.application.invoice.SandboxUseCase;
import dev.recaudo.application.rail.PayoutReconciliation;
import dev.recaudo.application.rail.PayoutReport;
import dev.recaudo.application.rail.ProcessorEvent;
import dev.recaudo.domain.apikey.KeyEnvironment;
import dev.recaudo.domain.common.TenantScope;
import dev.recaudo.domain.company.CompanyId;
import dev.recaudo.domain.ledger.InvariantViolation;
import dev.recaudo.domain.ledger.LedgerCheck;
import dev.recaudo.domain.ledger.LedgerInvariant;
import dev.recaudo.domain.money.CurrencyCode;
import dev.recaudo.domain.money.Money;
import dev.recaudo.e2e.invoices.LedgerChecks;
import dev.recaudo.e2e.support.Invoices;
import dev.recaudo.e2e.support.Parallel;
import dev.recaudo.e2e.support.PostgresTestDatabase;
import dev.recaudo.e2e.support.Sql;
import dev.recaudo.e2e.support.Tenants;
import dev.recaudo.persistence.ledger.LedgerInvariantQueries;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.path.json.JsonPath;
import jakarta.inject.Inject;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.util.concurrent.Callable;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/**
 * A card payout end to end (issue 23): a live invoice paid through its checkout, then the processor's
 * payout applied through the use case the processor webhook calls, with a test-only double of the
 * processor's payout API: the invoice is CONCILIATED, the fee is on its own account, the invariants
 * hold, and the administrator lists the payouts.
 */
@QuarkusTest
class CardPayoutsTest {

    @Inject
    PayoutReconciliation payouts;

    @Inject
    SandboxUseCase checkouts;

    /** A live invoice of 20.00 USD, paid through its checkout's one completion path. */
    private String paidLiveInvoice(Tenants.Key key, UUID companyId) {
        JsonPath invoice = Invoices.create(key);
        UUID checkoutId = UUID.fromString(invoice.getString("payment.id"));
        assertThat(checkouts.completeCheckout(new TenantScope(new CompanyId(companyId), KeyEnvironment.LIVE), Optional.empty(),
                checkoutId)).isInstanceOf(SandboxUseCase.SandboxResult.Done.class);
        Invoices.get(key, invoice.getString("id")).then().statusCode(200).body("status", equalTo("PAID"));
        return checkoutId.toString();
    }

    private static PayoutReport report(String payoutId, long amountMinor, UUID companyId, String checkoutId, long feeMinor) {
        ProcessorEvent.Tags tags = new ProcessorEvent.Tags(Optional.of(companyId.toString()), Optional.empty(),
                Optional.of(UUID.fromString(checkoutId)));
        return new PayoutReport(payoutId, CurrencyCode.USD, amountMinor, true, List.of(new PayoutReport.Line(
                PayoutReport.Kind.CHARGE, Optional.of("pi_" + checkoutId), 20_00, feeMinor, 20_00 - feeMinor, tags)));
    }

    private void paid(PayoutDouble processor, UUID companyId, PayoutReport report) {
        processor.reports(report);
        payouts.paid(new CompanyId(companyId), processor.connected(),
                new ProcessorEvent.PayoutPaid("evt_" + report.payoutId(), report.payoutId(),
                        Money.of(report.amountMinor(), report.currency())));
    }

    @Test
    void givenALiveInvoicePaid_whenItsPayoutIsPaid_thenConciliatedWithTheFeeBookedOnceAndListed() throws Exception {
        Tenants.Company company = Tenants.company();
        Tenants.Key key = Invoices.liveKey(company);
        String checkoutId = paidLiveInvoice(key, company.id());
        String invoiceId = Sql.text("SELECT document_id::text FROM checkouts WHERE id = ?::uuid", checkoutId);
        PayoutDouble processor = new PayoutDouble();
        String payoutId = "po_" + UUID.randomUUID();

        paid(processor, company.id(), report(payoutId, 20_00 - 88, company.id(), checkoutId, 88));
        paid(processor, company.id(), report(payoutId, 20_00 - 88, company.id(), checkoutId, 88));

        Invoices.get(key, invoiceId).then().statusCode(200).body("status", equalTo("CONCILIATED"));
        assertThat(LedgerChecks.accountMinor(company.id(), "processor_fees:stripe", "USD")).isEqualTo(88);
        assertThat(LedgerChecks.accountMinor(company.id(), "checkout_collections", "USD")).isEqualTo(20_00 - 88);
        assertThat(Sql.count("SELECT count(*) FROM card_payouts WHERE company_id = ?", company.id())).isEqualTo(1);
        assertThat(Sql.count("SELECT count(*) FROM ledger_transfers WHERE company_id = ? AND kind = 'PROCESSOR_FEE'",
                company.id())).isEqualTo(1);

        String short1 = "po_" + UUID.randomUUID();
        paid(processor, company.id(), report(short1, 20_00, company.id(), checkoutId, 88));

        given().auth().oauth2(company.adminToken()).get("/companies/{companyId}/payouts", company.id()).then().statusCode(200)
                .body("items", hasSize(2)).body("items[0].payoutId", equalTo(short1))
                .body("items[0].status", equalTo("UNMATCHED"))
                .body("items[0].reason", containsString("the lines add up to 1912, not to the payout's 2000"))
                .body("items[1].payoutId", equalTo(payoutId)).body("items[1].status", equalTo("MATCHED"))
                .body("items[1].amountMinor", equalTo(1912)).body("items[1].currency", equalTo("USD"))
                .body("items[1].linesCount", equalTo(1)).body("pagination.hasMore", equalTo(false));
        given().auth().oauth2(company.adminToken()).queryParam("status", "MATCHED")
                .get("/companies/{companyId}/payouts", company.id()).then().statusCode(200)
                .body("items.payoutId", equalTo(List.of(payoutId)));
        JsonPath first = given().auth().oauth2(company.adminToken()).queryParam("limit", "1")
                .get("/companies/{companyId}/payouts", company.id()).then().statusCode(200)
                .body("items.payoutId", equalTo(List.of(short1))).body("pagination.hasMore", equalTo(true))
                .extract().jsonPath();
        given().auth().oauth2(company.adminToken()).queryParam("limit", "1")
                .queryParam("cursor", first.getString("pagination.nextCursor"))
                .get("/companies/{companyId}/payouts", company.id()).then().statusCode(200)
                .body("items.payoutId", equalTo(List.of(payoutId))).body("pagination.hasMore", equalTo(false));

        try (Connection connection = PostgresTestDatabase.connect()) {
            LedgerCheck check = LedgerInvariantQueries.check(connection);
            assertThat(check.firstViolations()).isEmpty();
        }
        String transfer = Sql.text("SELECT transfer_id::text FROM card_payout_fees WHERE company_id = ?", company.id());
        assertI4Names("processor fee transfer " + transfer + ": booked 88, recorded by the payout fees 89",
                "UPDATE card_payout_fees SET fee_minor = 89 WHERE transfer_id = '" + transfer + "'");
        assertI4Names("processor fee transfer " + transfer + ": booked 88, recorded by the payout fees nothing",
                "DELETE FROM card_payout_fees WHERE transfer_id = '" + transfer + "'");
    }

    /** Runs {@code corruption} in a transaction, expects I4 alone to name {@code row}, and rolls back. */
    private static void assertI4Names(String row, String corruption) throws SQLException {
        try (Connection connection = PostgresTestDatabase.connect()) {
            connection.setAutoCommit(false);
            try {
                try (PreparedStatement prepared = connection.prepareStatement(corruption)) {
                    assertThat(prepared.executeUpdate()).as(corruption).isEqualTo(1);
                }
                LedgerCheck check = LedgerInvariantQueries.check(connection);
                assertThat(check.firstViolations()).extracting(InvariantViolation::invariant, InvariantViolation::row)
                        .containsExactly(tuple(LedgerInvariant.I4, row));
            } finally {
                connection.rollback();
            }
        }
    }

    @Test
    void givenTheSamePayoutEventsAtOnce_whenPaidConcurrently_thenOneRowOneFeeAndConciliatedOnce() throws Exception {
        Tenants.Company company = Tenants.company();
        Tenants.Key key = Invoices.liveKey(company);
        String checkoutId = paidLiveInvoice(key, company.id());
        PayoutDouble processor = new PayoutDouble();
        PayoutReport report = report("po_" + UUID.randomUUID(), 20_00 - 88, company.id(), checkoutId, 88);
        processor.reports(report);
        List<Callable<Boolean>> events = new ArrayList<>();
        for (int i = 0; i < 8; i++) {
            events.add(() -> {
                paid(processor, company.id(), report);
                return true;
            });
        }

        assertThat(Parallel.run(8, events)).containsOnly(true);

        assertThat(Sql.count("SELECT count(*) FROM card_payouts WHERE company_id = ? AND status = 'MATCHED'", company.id()))
                .isEqualTo(1);
        assertThat(Sql.count("SELECT count(*) FROM card_payout_fees WHERE company_id = ?", company.id())).isEqualTo(1);
        assertThat(LedgerChecks.accountMinor(company.id(), "processor_fees:stripe", "USD")).isEqualTo(88);
        assertThat(Sql.count("SELECT count(*) FROM collection_documents WHERE company_id = ? AND status = 'CONCILIATED'",
                company.id())).isEqualTo(1);
    }

    @Test
    void givenNoTokenAnotherCompanysAdminOrABadStatus_whenListingPayouts_thenRefused() {
        Tenants.Company company = Tenants.company();
        Tenants.Company other = Tenants.company();

        given().get("/companies/{companyId}/payouts", company.id()).then().statusCode(401);
        given().auth().oauth2(other.adminToken()).get("/companies/{companyId}/payouts", company.id()).then().statusCode(404);
        given().auth().oauth2(company.adminToken()).queryParam("status", "matched")
                .get("/companies/{companyId}/payouts", company.id()).then().statusCode(422)
                .body(containsString("status"));
        given().auth().oauth2(company.adminToken()).get("/companies/{companyId}/payouts", company.id()).then().statusCode(200)
                .body("items", hasSize(0));
    }
}

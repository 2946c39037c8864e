package dev.recaudo.e2e.persistence;

import static org.assertj.core.api.Assertions.assertThat;

import dev.recaudo.application.common.Transactions;
import dev.recaudo.domain.apikey.KeyEnvironment;
import dev.recaudo.domain.checkout.Checkout;
import dev.recaudo.domain.checkout.CheckoutRepository;
import dev.recaudo.domain.common.TenantScope;
import dev.recaudo.domain.company.CompanyId;
import dev.recaudo.domain.document.DocumentId;
import dev.recaudo.domain.payment.Payment;
import dev.recaudo.domain.payment.PaymentRepository;
import dev.recaudo.e2e.support.Invoices;
import dev.recaudo.e2e.support.Partner;
import dev.recaudo.e2e.support.Sql;
import dev.recaudo.e2e.support.Tenants;
import io.quarkus.test.junit.QuarkusTest;
import jakarta.inject.Inject;
import java.util.Optional;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/**
 * Each hot table has one row mapping; the statements that read a row by different keys (a verified
 * payment by the partner's id and by its listing filter, a checkout by its document and by its id)
 * give the same record, so a column added to one statement cannot go missing from another unnoticed.
 */
@QuarkusTest
class RowMappingsPersistenceTest {

    @Inject
    PaymentRepository payments;

    @Inject
    CheckoutRepository checkouts;

    @Inject
    Transactions transactions;

    @Test
    void givenAVerifiedPayment_whenReadByItsIdentityAndByItsId_thenBothGiveTheSameRecord() {
        Partner partner = Partner.create();
        String document = Partner.unique("RM");
        String payment = Partner.unique("RMP");
        partner.createDocument(document, "C-1", "USD", 1_000);
        partner.pay(payment, "C-1", 600, "USD", document, 600).then().statusCode(200);
        TenantScope scope = scopeOf("payments", "external_payment_id", payment);

        Payment hot = transactions.inTransaction(() -> payments.lockVerified(scope, "acme-erp", payment, Optional.empty()).payment()).orElseThrow();
        Payment entity = transactions.inTransaction(() -> payments.find(scope, "acme-erp", payment)).orElseThrow();

        assertThat(hot).isEqualTo(entity);
    }

    @Test
    void givenAnInvoiceWithItsCheckout_whenTheCheckoutIsReadByDocumentAndById_thenBothGiveTheSameRecord() {
        Tenants.Key key = Invoices.testKey(Tenants.company());
        String invoice = Invoices.create(key).getString("id");
        TenantScope scope = scopeOf("collection_documents", "id::text", invoice);

        Checkout hot = transactions.inTransaction(() -> checkouts.current(scope, new DocumentId(UUID.fromString(invoice))))
                .orElseThrow();
        Checkout entity = transactions.inTransaction(() -> checkouts.find(scope, hot.id())).orElseThrow();

        assertThat(hot).isEqualTo(entity);
    }

    private static TenantScope scopeOf(String table, String column, String value) {
        String where = " FROM " + table + " WHERE " + column + " = ?";
        UUID company = UUID.fromString(Sql.text("SELECT company_id::text" + where, value));
        boolean test = Sql.count("SELECT count(*)" + where + " AND is_test", value) == 1;
        return new TenantScope(new CompanyId(company), test ? KeyEnvironment.TEST : KeyEnvironment.LIVE);
    }
}

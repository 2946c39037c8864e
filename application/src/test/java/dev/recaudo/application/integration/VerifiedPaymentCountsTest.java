package dev.recaudo.application.integration;

import static dev.recaudo.application.fixtures.Amounts.usd;
import static dev.recaudo.application.fixtures.DocumentFixture.document;
import static dev.recaudo.application.fixtures.PaymentFixture.verified;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.recaudo.application.fakes.InMemoryBooks;
import dev.recaudo.application.integration.VerifiedPaymentsUseCase.ApplyResult;
import dev.recaudo.application.integration.VerifiedPaymentsUseCase.Rejection;
import dev.recaudo.domain.apikey.KeyEnvironment;
import dev.recaudo.domain.common.TenantScope;
import dev.recaudo.domain.company.CompanyId;
import dev.recaudo.domain.customer.CustomerLink;
import dev.recaudo.domain.metrics.PaymentCount;
import dev.recaudo.domain.metrics.PaymentFamily;
import dev.recaudo.domain.payment.PaymentOutcome;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * How verified payments are counted for the operator: once per request, a kept outcome only when
 * the transaction it was decided in commits, a rejection when that transaction is over, either way.
 */
class VerifiedPaymentCountsTest {

    private static final TenantScope SCOPE = new TenantScope(CompanyId.random(), KeyEnvironment.LIVE);

    private final InMemoryBooks books = new InMemoryBooks();
    private final VerifiedPaymentsService service = books.verifiedPayments();

    @BeforeEach
    void anOpenDocument() {
        CustomerLink customer = books.givenCustomer(SCOPE, "erp", "C-1");
        books.givenIssued(document(SCOPE).withExternalId("DC-1").forCustomer(customer).withTotal(usd(100_00)).build());
    }

    @Test
    void givenAPaymentItsRepeatAndAnUnknownCustomer_whenApplied_thenEachEndIsCountedOnce() {
        service.apply(verified(SCOPE, "P-1").listing("DC-1", 100_00).build());
        service.apply(verified(SCOPE, "P-1").listing("DC-1", 100_00).build());
        service.apply(verified(SCOPE, "P-2").byCustomer("C-404").listing("DC-1", 100_00).build());

        assertThat(books.metrics().payments()).containsExactly(
                PaymentCount.of(PaymentFamily.VERIFIED, PaymentOutcome.APPLIED),
                PaymentCount.of(PaymentFamily.VERIFIED, PaymentOutcome.ALREADY_PROCESSED),
                PaymentCount.rejected(PaymentFamily.VERIFIED, Rejection.CUSTOMER_NOT_FOUND));
        assertThat(books.metrics().payments().get(2).reason()).isEqualTo("customer_not_found");
    }

    @Test
    void givenTheCallersTransaction_whenItCommits_thenTheOutcomeIsCountedOnlyThen() {
        books.transactions().inTransaction(() -> {
            service.apply(verified(SCOPE, "P-1").listing("DC-1", 100_00).build());
            assertThat(books.metrics().payments()).as("before the commit").isEmpty();
            return null;
        });

        assertThat(books.metrics().payments()).containsExactly(PaymentCount.of(PaymentFamily.VERIFIED, PaymentOutcome.APPLIED));
    }

    @Test
    void givenTheCallersTransaction_whenItRollsBack_thenTheAppliedPaymentIsNotCountedButARejectionIs() {
        assertThatThrownBy(() -> books.transactions().inTransaction(() -> {
            service.apply(verified(SCOPE, "P-1").listing("DC-1", 100_00).build());
            ApplyResult rejected = service.apply(verified(SCOPE, "P-2").byCustomer("C-404").listing("DC-1", 100_00).build());
            assertThat(rejected).isInstanceOf(ApplyResult.Rejected.class);
            assertThat(books.metrics().payments()).as("before the end of the transaction").isEmpty();
            throw new IllegalStateException("the caller could not store its answer");
        })).isInstanceOf(IllegalStateException.class);

        assertThat(books.metrics().payments()).containsExactly(
                PaymentCount.rejected(PaymentFamily.VERIFIED, Rejection.CUSTOMER_NOT_FOUND));
        assertThat(books.payments().all()).isEmpty();
    }
}

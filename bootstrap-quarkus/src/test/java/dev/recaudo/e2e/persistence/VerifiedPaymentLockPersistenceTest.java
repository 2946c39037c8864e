package dev.recaudo.e2e.persistence;

import static org.assertj.core.api.Assertions.assertThat;

import dev.recaudo.application.common.Transactions;
import dev.recaudo.domain.apikey.KeyEnvironment;
import dev.recaudo.domain.common.TenantScope;
import dev.recaudo.domain.company.CompanyId;
import dev.recaudo.domain.customer.CustomerLink;
import dev.recaudo.domain.payment.Payment;
import dev.recaudo.domain.payment.PaymentRepository;
import dev.recaudo.domain.payment.PaymentRepository.LockedVerified;
import dev.recaudo.e2e.support.Partner;
import dev.recaudo.e2e.support.Sql;
import io.quarkus.test.junit.QuarkusTest;
import jakarta.inject.Inject;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * The verified payment's first statement against PostgreSQL: it takes the payment's identity lock
 * and reads the payment and the customer's link in one round trip, and the payment it reads is the
 * one the lock's previous holder committed while it waited. A statement reading on its own snapshot,
 * taken before the wait, would miss that payment, and the request would apply it a second time.
 */
@QuarkusTest
class VerifiedPaymentLockPersistenceTest {

    @Inject
    PaymentRepository payments;

    @Inject
    Transactions transactions;

    @Test
    void givenAHolderThatRecordsThePayment_whenASecondRequestLocksIt_thenItWaitsAndReadsWhatTheHolderCommitted()
            throws Exception {
        Partner partner = Partner.create();
        String document = Partner.unique("VL");
        String seedId = Partner.unique("VLS");
        partner.createDocument(document, "C-1", "USD", 1_000);
        partner.pay(seedId, "C-1", 400, "USD", document, 400).then().statusCode(200);
        TenantScope scope = scopeOf(seedId);
        Payment seed = transactions.inTransaction(() -> payments.find(scope, "acme-erp", seedId)).orElseThrow();
        String racedId = Partner.unique("VLR");
        CountDownLatch locked = new CountDownLatch(1);
        CountDownLatch released = new CountDownLatch(1);
        CompletableFuture<Payment> holder = CompletableFuture.supplyAsync(() -> transactions.inTransaction(() -> {
            assertThat(payments.lockVerified(scope, "acme-erp", racedId, Optional.empty()).payment()).isEmpty();
            Payment raced = copy(seed, racedId);
            payments.insert(raced);
            locked.countDown();
            await(released);
            return raced;
        }));
        assertThat(locked.await(30, TimeUnit.SECONDS)).isTrue();

        CompletableFuture<LockedVerified> second = CompletableFuture.supplyAsync(() -> transactions.inTransaction(
                () -> payments.lockVerified(scope, "acme-erp", racedId, Optional.of("C-1"))));
        Thread.sleep(300);
        assertThat(second).as("the second request waits while the holder has the lock").isNotDone();
        released.countDown();
        Payment raced = holder.get(30, TimeUnit.SECONDS);

        LockedVerified read = second.get(30, TimeUnit.SECONDS);
        assertThat(read.payment()).as("committed while the second waited, and seen").hasValue(raced);
        assertThat(read.customerLink()).map(CustomerLink::externalCustomerId).hasValue("C-1");
        assertThat(read.customerLink()).map(CustomerLink::companyCustomerId).isEqualTo(seed.customerId());
    }

    @Test
    void givenNoSuchPaymentOrCustomer_whenLocked_thenBothAreEmptyAndAnotherPartnersLinkIsNotRead() {
        Partner partner = Partner.create();
        String document = Partner.unique("VE");
        String seedId = Partner.unique("VES");
        partner.createDocument(document, "C-1", "USD", 1_000);
        partner.pay(seedId, "C-1", 400, "USD", document, 400).then().statusCode(200);
        TenantScope scope = scopeOf(seedId);

        LockedVerified unknown = transactions.inTransaction(
                () -> payments.lockVerified(scope, "acme-erp", Partner.unique("VEN"), Optional.of("C-404")));
        LockedVerified otherPartner = transactions.inTransaction(
                () -> payments.lockVerified(scope, "other-erp", seedId, Optional.of("C-1")));

        assertThat(unknown).isEqualTo(new LockedVerified(Optional.empty(), Optional.empty()));
        assertThat(otherPartner).isEqualTo(new LockedVerified(Optional.empty(), Optional.empty()));
    }

    private static Payment copy(Payment seed, String externalPaymentId) {
        return new Payment(UUID.randomUUID(), seed.scope(), seed.source(), externalPaymentId, seed.kind(), seed.customerId(),
                seed.customerExternalId(), seed.amount(), seed.applicationAmount(), seed.applied(),
                seed.credit(), seed.outcome(), seed.exchangeRateId(), seed.exchangeRateUsed(), seed.requestId(),
                seed.providerPaymentId(), seed.paidAt(), seed.createdAt(), seed.updatedAt());
    }

    private static void await(CountDownLatch released) {
        try {
            assertThat(released.await(30, TimeUnit.SECONDS)).isTrue();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    private static TenantScope scopeOf(String externalPaymentId) {
        String where = " FROM payments WHERE external_payment_id = ?";
        UUID company = UUID.fromString(Sql.text("SELECT company_id::text" + where, externalPaymentId));
        boolean test = Sql.count("SELECT count(*)" + where + " AND is_test", externalPaymentId) == 1;
        return new TenantScope(new CompanyId(company), test ? KeyEnvironment.TEST : KeyEnvironment.LIVE);
    }
}

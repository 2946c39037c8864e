package dev.recaudo.application.fakes;

import dev.recaudo.domain.common.ChangeSlice;
import dev.recaudo.domain.common.TenantScope;
import dev.recaudo.domain.document.DocumentId;
import dev.recaudo.domain.payment.Payment;
import dev.recaudo.domain.payment.PaymentApplication;
import dev.recaudo.domain.payment.PaymentKind;
import dev.recaudo.domain.payment.PaymentListQuery;
import dev.recaudo.domain.payment.PaymentRepository;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;

/**
 * Payments and certified rates in memory, keyed like the database keys them, counting every write.
 * The reads of applications and lists are not kept yet: no test of the application layer needs them.
 */
public final class InMemoryPaymentRepository implements PaymentRepository {

    private record Identity(TenantScope scope, String source, String externalPaymentId) {}

    private final Map<Identity, Payment> payments = new LinkedHashMap<>();
    private final List<ExchangeRate> exchangeRates = new ArrayList<>();
    private int writes;

    @Override
    public void insert(Payment payment) {
        Identity identity = new Identity(payment.scope(), payment.source(), payment.externalPaymentId());
        if (payments.putIfAbsent(identity, payment) != null) {
            throw new IllegalStateException("duplicate payment " + identity);
        }
        writes++;
    }

    @Override
    public void update(Payment payment) {
        Identity identity = new Identity(payment.scope(), payment.source(), payment.externalPaymentId());
        if (payments.replace(identity, payment) == null) {
            throw new IllegalStateException("no payment " + identity);
        }
        writes++;
    }

    @Override
    public void lockIdentity(TenantScope scope, String source, String externalPaymentId) {
        // One thread: nothing to serialize.
    }

    @Override
    public Optional<Payment> findVerified(TenantScope scope, String source, String externalPaymentId) {
        return Optional.ofNullable(payments.get(new Identity(scope, source, externalPaymentId)))
                .filter(payment -> payment.kind() == PaymentKind.VERIFIED);
    }

    @Override
    public Optional<Payment> find(TenantScope scope, String source, String externalPaymentId) {
        return Optional.ofNullable(payments.get(new Identity(scope, source, externalPaymentId)));
    }

    @Override
    public void insertApplication(TenantScope scope, PaymentApplication application) {
        writes++;
    }

    @Override
    public Optional<UUID> latestPaymentFor(TenantScope scope, DocumentId documentId) {
        throw new UnsupportedOperationException("not kept by this fake");
    }

    @Override
    public List<AppliedPayment> applicationsOfDocument(TenantScope scope, DocumentId documentId) {
        throw new UnsupportedOperationException("not kept by this fake");
    }

    @Override
    public List<PaidDocument> applicationsOfPayment(TenantScope scope, UUID paymentId) {
        throw new UnsupportedOperationException("not kept by this fake");
    }

    @Override
    public void insertExchangeRate(ExchangeRate rate) {
        exchangeRates.add(rate);
        writes++;
    }

    @Override
    public ChangeSlice<Payment> list(TenantScope scope, PaymentListQuery query) {
        throw new UnsupportedOperationException("not kept by this fake");
    }

    /** Inserts, updates, applications and rates written so far. */
    public int writes() {
        return writes;
    }

    public List<ExchangeRate> exchangeRates() {
        return List.copyOf(exchangeRates);
    }
}

package dev.recaudo.application.fakes;

import dev.recaudo.domain.banktransfer.PaymentReference;
import dev.recaudo.domain.banktransfer.PaymentReferences;
import dev.recaudo.domain.common.TenantScope;
import java.time.Instant;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;

/** References by checkout, each unique, as the table's two unique keys keep them. */
public final class InMemoryPaymentReferences implements PaymentReferences {

    private final Map<UUID, PaymentReference> byCheckout = new HashMap<>();
    private final Map<PaymentReference, ReferencedCheckout> byReference = new HashMap<>();

    @Override
    public Optional<PaymentReference> of(TenantScope scope, UUID checkoutId) {
        return Optional.ofNullable(byCheckout.get(checkoutId)).filter(r -> byReference.get(r).scope().equals(scope));
    }

    @Override
    public void offer(TenantScope scope, UUID checkoutId, PaymentReference reference, Instant now) {
        if (!byCheckout.containsKey(checkoutId) && !byReference.containsKey(reference)) {
            byCheckout.put(checkoutId, reference);
            byReference.put(reference, new ReferencedCheckout(scope, checkoutId));
        }
    }

    @Override
    public Optional<ReferencedCheckout> checkoutOf(PaymentReference reference) {
        return Optional.ofNullable(byReference.get(reference));
    }
}

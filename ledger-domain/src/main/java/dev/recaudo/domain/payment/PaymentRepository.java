package dev.recaudo.domain.payment;

import dev.recaudo.domain.common.TenantScope;
import dev.recaudo.domain.document.DocumentId;
import java.util.Optional;
import java.util.UUID;

/** Port: where payments and their applications to documents are kept. */
public interface PaymentRepository {

    void insert(Payment payment);

    void insertApplication(TenantScope scope, PaymentApplication application);

    /** The payment whose application settled the document last, if any. */
    Optional<UUID> latestPaymentFor(TenantScope scope, DocumentId documentId);
}

package dev.recaudo.domain.externalpayment;

import dev.recaudo.domain.common.Page;
import dev.recaudo.domain.common.TenantScope;

/** Port: where external payments are kept. */
public interface ExternalPaymentRepository {

    /** Newest first. */
    Page<ExternalPayment> page(TenantScope scope, int page, int size);
}

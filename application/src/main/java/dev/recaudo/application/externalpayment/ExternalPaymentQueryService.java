package dev.recaudo.application.externalpayment;

import dev.recaudo.domain.common.Page;
import dev.recaudo.domain.common.TenantScope;
import dev.recaudo.domain.externalpayment.ExternalPayment;
import dev.recaudo.domain.externalpayment.ExternalPaymentRepository;

public final class ExternalPaymentQueryService implements ExternalPaymentQueries {

    private final ExternalPaymentRepository payments;

    public ExternalPaymentQueryService(ExternalPaymentRepository payments) {
        this.payments = payments;
    }

    @Override
    public Page<ExternalPayment> list(TenantScope scope, int page, int size) {
        return payments.page(scope, page, size);
    }
}

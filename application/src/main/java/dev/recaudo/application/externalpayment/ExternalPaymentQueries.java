package dev.recaudo.application.externalpayment;

import dev.recaudo.domain.common.Page;
import dev.recaudo.domain.common.TenantScope;
import dev.recaudo.domain.externalpayment.ExternalPayment;

/** Inbound port: reading external payments. */
public interface ExternalPaymentQueries {

    Page<ExternalPayment> list(TenantScope scope, int page, int size);
}

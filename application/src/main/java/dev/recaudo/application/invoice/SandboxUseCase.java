package dev.recaudo.application.invoice;

import dev.recaudo.domain.common.TenantScope;
import dev.recaudo.domain.document.DocumentId;
import java.util.Optional;
import java.util.UUID;

/**
 * Inbound port of the sandbox controls (test keys only): what the hosted page and the payment
 * network would do, on demand. Completing a checkout pays its invoice ({@code PAID}); failing it
 * marks the invoice {@code FAILED}; conciliating reconciles a {@code PAID} invoice with the
 * settlement ({@code CONCILIATED}).
 */
public interface SandboxUseCase {

    /** {@code source}, when present, confines the control to that partner's documents. */
    SandboxResult completeCheckout(TenantScope scope, Optional<String> source, UUID checkoutId);

    /**
     * The same payment of a checkout, live or test, settled by a rail outside the page: a bank
     * transfer seen in a statement ({@code providerPaymentId} names it). One path for every payment
     * of a checkout, so the invoice is paid once and {@code invoice.paid} sent once.
     */
    SandboxResult payCheckout(TenantScope scope, UUID checkoutId, String providerPaymentId);

    SandboxResult failCheckout(TenantScope scope, Optional<String> source, UUID checkoutId);

    SandboxResult conciliate(TenantScope scope, Optional<String> source, DocumentId invoiceId);

    sealed interface SandboxResult {
        record Done(InvoiceView invoice) implements SandboxResult {}

        record NotFound() implements SandboxResult {}

        /** The checkout or invoice is not in a state this control applies to. */
        record NotApplicable(String reason) implements SandboxResult {}
    }
}

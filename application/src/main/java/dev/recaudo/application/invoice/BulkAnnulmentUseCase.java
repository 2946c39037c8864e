package dev.recaudo.application.invoice;

import dev.recaudo.domain.common.TenantScope;
import java.util.UUID;

/**
 * Inbound port of {@code DELETE /v1/invoices}: annul every pending document of a partner, in the
 * background, surviving restarts and shared safely by several instances.
 */
public interface BulkAnnulmentUseCase {

    UUID enqueue(TenantScope scope, String source);

    /**
     * Runs the next due job to the end, if there is one, unless another instance takes it over
     * (this one was presumed dead); answers how many documents this instance annulled.
     */
    int runNext();
}

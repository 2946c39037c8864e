package dev.recaudo.domain.externalpayment;

import dev.recaudo.domain.company.CompanyId;
import java.time.Instant;
import java.util.function.Supplier;

/**
 * Port: the secret that signs a company's external payment callbacks. Behind a port so that an
 * adapter can keep it encrypted at rest (or in a vault) without the core noticing.
 */
public interface ExternalPaymentSecrets {

    /**
     * The company's current secret; the first call for a company stores {@code fresh.get()}, and
     * when two instances race the first stored wins, so every instance signs with the same secret.
     */
    String current(CompanyId companyId, Supplier<String> fresh, Instant now);

    /** Replaces the secret with {@code replacement} at once; callbacks sent from now on use it. */
    void replace(CompanyId companyId, String replacement, Instant now);
}

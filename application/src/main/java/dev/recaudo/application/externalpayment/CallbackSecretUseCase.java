package dev.recaudo.application.externalpayment;

import dev.recaudo.domain.company.CompanyId;

/**
 * Inbound port of company administrators: the secret that signs their external payment callbacks
 * ({@code whsec_} + base64), created on first use and replaced on demand.
 */
public interface CallbackSecretUseCase {

    String current(CompanyId companyId);

    /** A new secret, in force at once for every callback sent from now on; the old one stops signing. */
    String rotate(CompanyId companyId);
}

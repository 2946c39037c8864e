package dev.recaudo.rest.integration;

import dev.recaudo.application.apikey.ApiKeyAuthenticationUseCase.KeyPrincipal;
import dev.recaudo.domain.customer.CustomerProfile;
import dev.recaudo.rest.common.FieldErrors;
import java.util.Optional;

/**
 * The body of a customer upsert and its reading into the customer's profile: every field rule, with
 * every problem collected and named by its field, before the use case runs.
 */
final class CustomerRequests {

    private CustomerRequests() {}

    public record UpsertCustomerRequest(
            String source,
            String externalCustomerId,
            String type,
            String name,
            String email,
            String phone,
            String taxId,
            String customerCode) {}

    static CustomerProfile upsert(KeyPrincipal key, UpsertCustomerRequest body) {
        FieldErrors errors = new FieldErrors();
        IntegrationFields.source(body.source(), key, errors);
        IntegrationFields.requiredText("externalCustomerId", body.externalCustomerId(), 255, errors);
        Optional<CustomerProfile> profile = IntegrationFields.customerProfile("", body.type(), body.name(), body.email(),
                body.phone(), body.taxId(), body.customerCode(), errors);
        errors.throwIfAny();
        return profile.orElseThrow();
    }
}

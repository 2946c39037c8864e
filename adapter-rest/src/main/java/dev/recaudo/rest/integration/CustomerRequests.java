package dev.recaudo.rest.integration;

import dev.recaudo.application.apikey.ApiKeyAuthenticationUseCase.KeyPrincipal;
import dev.recaudo.domain.common.EmailAddress;
import dev.recaudo.domain.customer.CustomerProfile;
import dev.recaudo.domain.customer.CustomerProfile.CustomerType;
import dev.recaudo.rest.common.FieldErrors;
import dev.recaudo.rest.common.RequestValidation;
import dev.recaudo.rest.common.validation.EmailText;
import dev.recaudo.rest.common.validation.Text;
import dev.recaudo.rest.common.validation.Text.Blank;
import io.quarkus.runtime.annotations.RegisterForReflection;
import jakarta.validation.constraints.Pattern;
import java.util.Locale;
import java.util.Optional;

/**
 * The bodies that describe a customer and their reading into the customer's profile: every field
 * rule, with every problem collected and named by its field, before a use case runs. A customer
 * upsert carries the profile's fields at its top level, a collection document under {@code customer};
 * both are checked as one {@link CustomerData}, so the two answers word a customer alike.
 */
final class CustomerRequests {

    private CustomerRequests() {}

    /** A customer's profile; blank optional texts are absent, and the others are kept trimmed. */
    @RegisterForReflection
    public record CustomerData(
            @Pattern(regexp = "^(individual|business)$", message = "must be individual or business") String type,
            @CustomerName String name,
            @Text(max = EmailAddress.LENGTH_MAX, blank = Blank.ABSENT)
            @EmailText(blank = Blank.ABSENT, message = "must be a valid e-mail address") String email,
            @Text(max = 32, blank = Blank.ABSENT) String phone,
            @Text(max = IntegrationFields.ID_MAX, blank = Blank.ABSENT) String taxId,
            @Text(max = 100, blank = Blank.ABSENT) String customerCode) {}

    @RegisterForReflection
    public record UpsertCustomerRequest(
            String source,
            @Text(max = IntegrationFields.ID_MAX, required = true, blank = Blank.ABSENT) String externalCustomerId,
            String type,
            String name,
            String email,
            String phone,
            String taxId,
            String customerCode) {}

    /**
     * The profile of an upsert. {@code source} is checked first, as this answer has always named it
     * first; the annotations of the body and of its profile follow, in body order.
     */
    static CustomerProfile upsert(RequestValidation validation, KeyPrincipal key, UpsertCustomerRequest body) {
        FieldErrors errors = new FieldErrors();
        IntegrationFields.source(body.source(), key, errors);
        validation.check(body, errors);
        CustomerData customer = new CustomerData(body.type(), body.name(), body.email(), body.phone(), body.taxId(),
                body.customerCode());
        validation.check(customer, errors);
        errors.throwIfAny();
        return profile(customer);
    }

    /** The profile of a customer its annotations accept. */
    static CustomerProfile profile(CustomerData customer) {
        Optional<CustomerType> type = Optional.ofNullable(customer.type())
                .map(text -> CustomerType.valueOf(text.toUpperCase(Locale.ROOT)));
        return new CustomerProfile(type, customer.name(), IntegrationFields.kept(customer.email()),
                IntegrationFields.kept(customer.phone()), IntegrationFields.kept(customer.taxId()),
                IntegrationFields.kept(customer.customerCode()));
    }
}

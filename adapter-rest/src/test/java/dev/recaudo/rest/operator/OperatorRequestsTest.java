package dev.recaudo.rest.operator;

import static dev.recaudo.rest.common.Refusals.refusal;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.recaudo.application.company.CompanyAdministrationUseCase.OnboardCompany;
import dev.recaudo.application.company.CompanyAdministrationUseCase.UpdateCompany;
import dev.recaudo.domain.company.CompanyId;
import dev.recaudo.domain.money.CurrencyCode;
import dev.recaudo.rest.common.RequestValidation;
import dev.recaudo.rest.operator.OperatorRequests.AdminCredentials;
import dev.recaudo.rest.operator.OperatorRequests.CreateCompanyRequest;
import dev.recaudo.rest.operator.OperatorRequests.RegisterOriginRequest;
import jakarta.validation.Validation;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/** The operator's bodies: annotations, nested credentials and the currency read by hand answer together. */
class OperatorRequestsTest {

    private static final RequestValidation VALIDATION =
            new RequestValidation(Validation.buildDefaultValidatorFactory());
    private static final String CURRENCIES = "must be null or one of " + Set.of(CurrencyCode.values());

    @Test
    void givenEveryFieldWrong_whenOnboarding_thenEachInFieldOrderWithNestedNames() {
        CreateCompanyRequest body = new CreateCompanyRequest("", "XXX", null, new AdminCredentials("not-an-email", "short"), null);
        assertThat(refusal(() -> OperatorRequests.onboarding(VALIDATION, body)).getMessage()).isEqualTo(
                "The request is invalid: name must have 1 to 200 characters; referenceCurrency " + CURRENCIES + "; "
                        + "admin.email must be a valid e-mail address of at most 200 characters; "
                        + "admin.password must have at least 8 characters and at most 72 bytes");
    }

    @Test
    void givenNoAdminOrNullCredentials_whenOnboarding_thenAdminRequiredOrEachCredentialRefused() {
        assertThat(refusal(() -> OperatorRequests.onboarding(VALIDATION, new CreateCompanyRequest("Acme", null, null, null, null)))
                .getMessage()).isEqualTo("The request is invalid: admin is required");
        assertThat(refusal(() -> OperatorRequests.onboarding(VALIDATION,
                new CreateCompanyRequest("Acme", null, null, new AdminCredentials(null, "é".repeat(37)), null))).getMessage())
                .isEqualTo("The request is invalid: admin.email must be a valid e-mail address of at most 200 characters; "
                        + "admin.password must have at least 8 characters and at most 72 bytes");
    }

    @Test
    void givenValidBody_whenOnboarding_thenNameTrimmedEmailKeptAsSentEnabledByDefault() {
        OnboardCompany command = OperatorRequests.onboarding(VALIDATION,
                new CreateCompanyRequest(" Acme ", "usd", null, new AdminCredentials(" ana@example.com ", "long enough"), null));
        assertThat(command.name()).isEqualTo("Acme");
        assertThat(command.referenceCurrency()).contains(CurrencyCode.USD);
        assertThat(command.enabled()).isTrue();
        assertThat(command.adminEmail()).isEqualTo(" ana@example.com ");
    }

    @Test
    void givenPatch_whenRead_thenProblemsInTheOrderSentAndNullRemovesTheCurrency() {
        ObjectMapper json = new ObjectMapper();
        ObjectNode bad = json.createObjectNode().put("referenceCurrency", "XXX").put("name", "n").put("enabled", "yes");
        assertThat(refusal(() -> OperatorRequests.update(new CompanyId(UUID.randomUUID()), bad)).getMessage()).isEqualTo(
                "The request is invalid: referenceCurrency " + CURRENCIES + "; name is not an accepted property; "
                        + "enabled must be true or false");
        UpdateCompany removal = OperatorRequests.update(new CompanyId(UUID.randomUUID()),
                json.createObjectNode().putNull("referenceCurrency"));
        assertThat(removal.referenceCurrency()).hasValueSatisfying(change -> assertThat(change.newValue()).isEmpty());
        assertThat(removal.enabled()).isEqualTo(Optional.empty());
    }

    @Test
    void givenOriginFields_whenRead_thenDigitsAndDisplayLengthChecked() {
        assertThat(refusal(() -> OperatorRequests.origin(VALIDATION, new RegisterOriginRequest("abc", " "))).errors())
                .containsEntry("phoneNumberId", List.of("must be the WhatsApp phone_number_id: 1 to 64 digits"))
                .containsEntry("displayPhoneNumber", List.of("must have 1 to 32 characters"));
        assertThat(refusal(() -> OperatorRequests.origin(VALIDATION, new RegisterOriginRequest(null, null))).getMessage())
                .isEqualTo("The request is invalid: phoneNumberId must be the WhatsApp phone_number_id: 1 to 64 digits; "
                        + "displayPhoneNumber must have 1 to 32 characters");
        assertThat(OperatorRequests.origin(VALIDATION, new RegisterOriginRequest("1234567", "+58 412 555 0101")).phoneNumberId())
                .isEqualTo("1234567");
    }
}

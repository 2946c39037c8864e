package dev.recaudo.rest.externalpayment;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import dev.recaudo.application.apikey.ApiKeyAuthenticationUseCase.KeyPrincipal;
import dev.recaudo.application.refund.RefundsUseCase.RequestRefund;
import dev.recaudo.domain.apikey.PartnerScope;
import dev.recaudo.domain.refund.Refund;
import dev.recaudo.rest.common.FieldErrors;
import dev.recaudo.rest.common.RequestValidation;
import dev.recaudo.rest.common.validation.AmountMinor;
import dev.recaudo.rest.common.validation.Text;
import io.quarkus.runtime.annotations.RegisterForReflection;
import java.util.Optional;
import java.util.UUID;

/** The body of a refund request, read into the use case's command. */
final class RefundRequests {

    private RefundRequests() {}

    /** {@code amountMinor} is in the payment's currency; unknown fields are ignored. */
    @RegisterForReflection
    @JsonIgnoreProperties(ignoreUnknown = true)
    public record CreateRefundRequest(@AmountMinor(min = 1) Long amountMinor, @Text(max = Refund.REASON_LENGTH_MAX) String reason) {}

    static RequestRefund create(RequestValidation validation, KeyPrincipal key, UUID externalPaymentId, CreateRefundRequest body) {
        FieldErrors errors = new FieldErrors();
        validation.check(body, errors);
        errors.throwIfAny();
        return new RequestRefund(key.scope(), PartnerScope.of(key.key()).name(), externalPaymentId, body.amountMinor(),
                Optional.ofNullable(body.reason()));
    }
}

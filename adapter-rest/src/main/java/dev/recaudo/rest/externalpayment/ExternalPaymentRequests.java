package dev.recaudo.rest.externalpayment;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import dev.recaudo.application.apikey.ApiKeyAuthenticationUseCase.KeyPrincipal;
import dev.recaudo.application.externalpayment.ExternalPaymentsUseCase.CreatePayment;
import dev.recaudo.domain.apikey.PartnerScope;
import dev.recaudo.domain.document.DocumentId;
import dev.recaudo.domain.externalpayment.ExternalPaymentMode;
import dev.recaudo.domain.money.CurrencyCode;
import dev.recaudo.domain.money.Money;
import dev.recaudo.rest.common.AcceptedCurrencies;
import dev.recaudo.rest.common.ApiProblem;
import dev.recaudo.rest.common.FieldErrors;
import dev.recaudo.rest.common.PathIds;
import dev.recaudo.rest.common.Problem;
import dev.recaudo.rest.common.RequestValidation;
import dev.recaudo.rest.common.validation.AmountMinor;
import dev.recaudo.rest.common.validation.HttpsUrl;
import dev.recaudo.rest.common.validation.Text;
import dev.recaudo.rest.common.validation.Uuid;
import io.quarkus.runtime.annotations.RegisterForReflection;
import java.util.Locale;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import java.util.Optional;
import java.util.regex.Pattern;

/** The bodies and headers of the external payments API's writes, read into the use case's commands. */
final class ExternalPaymentRequests {

    /** The currencies the external payments API takes (service-spec.md). */
    static final AcceptedCurrencies CURRENCIES = AcceptedCurrencies.of(CurrencyCode.VES, CurrencyCode.USD, CurrencyCode.CRC);
    static final int REFERENCE_MAX = 255;
    static final int DESCRIPTION_MAX = 2000;
    static final int URL_MAX = 2048;
    static final int PAYMENT_METHOD_MAX = 255;
    private static final Pattern UUID_V4 =
            Pattern.compile("^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$");

    private ExternalPaymentRequests() {}

    /** The body of both creations; unknown fields are ignored. */
    @RegisterForReflection
    @JsonIgnoreProperties(ignoreUnknown = true)
    public record CreateExternalPaymentRequest(
            @AmountMinor(min = 1) Long amountMinor,
            String currency,
            @Uuid String invoiceId,
            @Text(max = REFERENCE_MAX) String externalReference,
            // Scheme and address of the callback are the webhook target policy's (which also allows http
            // and private targets under RECAUDO_WEBHOOKS_ALLOW_PRIVATE_TARGETS).
            @Text(max = URL_MAX) String callbackUrl,
            @Text(max = DESCRIPTION_MAX) String description,
            @HttpsUrl(max = URL_MAX) String redirectUrl,
            @Schema(description = "Direct payments: the processor's payment-method token (pm_...), never a card number;"
                    + " required with a live key, ignored with a test key", maxLength = PAYMENT_METHOD_MAX)
            @Text(max = PAYMENT_METHOD_MAX) String paymentMethod) {}

    /** {@code Idempotency-Key} must be a UUID v4 (service-spec.md), in any letter case. */
    static String idempotencyKey(String header) {
        if (header == null || header.isBlank()) {
            throw new ApiProblem(Problem.MISSING_IDEMPOTENCY_KEY, "The Idempotency-Key header is required on POST");
        }
        if (!UUID_V4.matcher(header.trim().toLowerCase(Locale.ROOT)).matches()) {
            throw ApiProblem.validation("Idempotency-Key", "must be a UUID v4");
        }
        return header.trim().toLowerCase(Locale.ROOT);
    }

    /** The shape rules are the record's annotations; the accepted currencies are a subset checked here. */
    static CreatePayment create(RequestValidation validation, KeyPrincipal key, ExternalPaymentMode mode,
            CreateExternalPaymentRequest body) {
        FieldErrors errors = new FieldErrors();
        validation.check(body, errors);
        Optional<CurrencyCode> currency = CURRENCIES.read(errors, "currency", body.currency());
        errors.throwIfAny();
        Optional<DocumentId> invoiceId = Optional.ofNullable(body.invoiceId()).flatMap(PathIds::parse).map(DocumentId::new);
        return new CreatePayment(key.scope(), PartnerScope.of(key.key()).name(), key.key().source(), key.key().id().value(),
                mode, Money.of(body.amountMinor(), currency.get()), invoiceId,
                Optional.ofNullable(body.externalReference()), Optional.ofNullable(body.callbackUrl()),
                Optional.ofNullable(body.description()), Optional.ofNullable(body.redirectUrl()),
                mode == ExternalPaymentMode.DIRECT ? Optional.ofNullable(body.paymentMethod()) : Optional.empty());
    }
}

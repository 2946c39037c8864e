package dev.recaudo.rest.externalpayment;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import dev.recaudo.application.apikey.ApiKeyAuthenticationUseCase.KeyPrincipal;
import dev.recaudo.application.externalpayment.ExternalPaymentsUseCase.CreatePayment;
import dev.recaudo.domain.apikey.PartnerScope;
import dev.recaudo.domain.document.DocumentId;
import dev.recaudo.domain.externalpayment.ExternalPaymentMode;
import dev.recaudo.domain.money.CurrencyCode;
import dev.recaudo.domain.money.Money;
import dev.recaudo.rest.common.ApiProblem;
import dev.recaudo.rest.common.FieldErrors;
import dev.recaudo.rest.common.PathIds;
import dev.recaudo.rest.common.Problem;
import java.net.URI;
import java.net.URISyntaxException;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import java.util.regex.Pattern;

/** The bodies and headers of the external payments API's writes, read into the use case's commands. */
final class ExternalPaymentRequests {

    /** The currencies the external payments API takes (service-spec.md). */
    static final Set<CurrencyCode> CURRENCIES = Set.of(CurrencyCode.VES, CurrencyCode.USD, CurrencyCode.CRC);
    static final int REFERENCE_MAX = 255;
    static final int DESCRIPTION_MAX = 2000;
    static final int URL_MAX = 2048;
    private static final Pattern UUID_V4 =
            Pattern.compile("^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$");

    private ExternalPaymentRequests() {}

    /** The body of both creations; unknown fields are ignored. */
    @JsonIgnoreProperties(ignoreUnknown = true)
    public record CreateExternalPaymentRequest(
            Long amountMinor,
            String currency,
            String invoiceId,
            String externalReference,
            String callbackUrl,
            String description,
            String redirectUrl) {}

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

    static CreatePayment create(KeyPrincipal key, ExternalPaymentMode mode, CreateExternalPaymentRequest body) {
        FieldErrors errors = new FieldErrors();
        if (body.amountMinor() == null) {
            errors.add("amountMinor", "is required");
        } else if (body.amountMinor() < 1 || body.amountMinor() > Money.AMOUNT_MINOR_MAX) {
            errors.add("amountMinor", "must be an integer from 1 to " + Money.AMOUNT_MINOR_MAX);
        }
        Optional<CurrencyCode> currency = Optional.ofNullable(body.currency()).flatMap(CurrencyCode::parse)
                .filter(CURRENCIES::contains);
        if (currency.isEmpty()) {
            errors.add("currency", body.currency() == null ? "is required" : "must be one of VES, USD, CRC");
        }
        Optional<UUID> invoiceId = Optional.ofNullable(body.invoiceId()).flatMap(PathIds::parse);
        if (body.invoiceId() != null && invoiceId.isEmpty()) {
            errors.add("invoiceId", "must be a UUID");
        }
        text(errors, "externalReference", body.externalReference(), REFERENCE_MAX);
        text(errors, "description", body.description(), DESCRIPTION_MAX);
        // Scheme and address of the callback are the webhook target policy's (which also allows http
        // and private targets under RECAUDO_WEBHOOKS_ALLOW_PRIVATE_TARGETS).
        text(errors, "callbackUrl", body.callbackUrl(), URL_MAX);
        https(errors, "redirectUrl", body.redirectUrl());
        errors.throwIfAny();
        return new CreatePayment(key.scope(), PartnerScope.of(key.key()).name(), key.key().source(), key.key().id().value(),
                mode, Money.of(body.amountMinor(), currency.get()), invoiceId.map(DocumentId::new),
                Optional.ofNullable(body.externalReference()), Optional.ofNullable(body.callbackUrl()),
                Optional.ofNullable(body.description()), Optional.ofNullable(body.redirectUrl()));
    }

    private static void text(FieldErrors errors, String field, String value, int max) {
        if (value != null && (value.isBlank() || value.length() > max)) {
            errors.add(field, "must have 1 to " + max + " characters");
        }
    }

    /** An absolute {@code https} URL with a host, where the payer's browser is sent after paying. */
    private static void https(FieldErrors errors, String field, String value) {
        if (value == null) {
            return;
        }
        if (value.length() > URL_MAX) {
            errors.add(field, "must have at most " + URL_MAX + " characters");
            return;
        }
        try {
            URI uri = new URI(value);
            if (!"https".equalsIgnoreCase(uri.getScheme()) || uri.getHost() == null || uri.getRawUserInfo() != null) {
                errors.add(field, "must be an absolute https URL");
            }
        } catch (URISyntaxException e) {
            errors.add(field, "must be an absolute https URL");
        }
    }
}

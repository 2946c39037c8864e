package dev.recaudo.rest.integration;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import dev.recaudo.application.apikey.ApiKeyAuthenticationUseCase.KeyPrincipal;
import dev.recaudo.application.integration.VerifiedPaymentsUseCase.CertifiedRateCommand;
import dev.recaudo.application.integration.VerifiedPaymentsUseCase.ListedDocument;
import dev.recaudo.application.integration.VerifiedPaymentsUseCase.VerifiedPayment;
import dev.recaudo.domain.common.WireNamed;
import dev.recaudo.domain.money.CurrencyCode;
import dev.recaudo.domain.money.Money;
import dev.recaudo.domain.payment.CertifiedRate;
import dev.recaudo.domain.payment.Payment;
import dev.recaudo.domain.payment.PaymentKind;
import dev.recaudo.domain.payment.PaymentOutcome;
import dev.recaudo.rest.common.ApiProblem;
import dev.recaudo.rest.common.FieldErrors;
import dev.recaudo.rest.common.RequestValidation;
import dev.recaudo.rest.common.validation.AmountMinor;
import dev.recaudo.rest.common.validation.PathSegment;
import dev.recaudo.rest.common.validation.Text;
import dev.recaudo.rest.common.validation.Text.Blank;
import io.quarkus.runtime.annotations.RegisterForReflection;
import java.time.Instant;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;

/**
 * The bodies of verified payments and certified rates, and their reading into commands: every
 * field rule, with every problem collected and named by its field, before any use case runs.
 */
final class PaymentRequests {

    private PaymentRequests() {}

    /**
     * One document a payment names. Its rules stay in {@link #listed}: the count limit is configuration,
     * and a document's first problem hides the rest of it, as the spec's examples answer.
     */
    @RegisterForReflection
    public record DocumentRequest(String externalDocumentId, Long amountMinor) {}

    /** Properties beyond these (such as a partner's legacy fields) are ignored. */
    @RegisterForReflection
    @JsonIgnoreProperties(ignoreUnknown = true)
    public record VerifiedPaymentRequest(
            String source,
            @Text(max = IntegrationFields.ID_MAX, required = true, blank = Blank.ABSENT) @PathSegment String externalPaymentId,
            @Text(max = IntegrationFields.ID_MAX, required = true, blank = Blank.ABSENT) String customerExternalId,
            @AmountMinor(min = 1, whenNull = IntegrationFields.AMOUNT_FROM_ONE_REQUIRED) Long amountMinor,
            String currency,
            String verifiedAt,
            List<DocumentRequest> documents) {}

    @RegisterForReflection
    public record CertifiedRateRequest(
            String refCurrency,
            @AmountMinor(min = 1, whenNull = IntegrationFields.AMOUNT_FROM_ONE_REQUIRED) Long refAmountMinor,
            String exchangeRateUsed,
            String effectiveDate,
            List<DocumentRequest> documents) {}

    /**
     * The outcomes a payments list asks for: {@code status} (one outcome) and {@code paymentStatus}
     * ({@code settled} or {@code pending}, a group of outcomes) narrow each other; contradictory
     * filters match nothing.
     */
    static Set<PaymentOutcome> outcomes(String status, String paymentStatus) {
        Set<PaymentOutcome> outcomes = new HashSet<>();
        if (status != null) {
            outcomes.add(outcome(status));
        }
        if (paymentStatus != null) {
            Set<PaymentOutcome> operational = switch (paymentStatus) {
                case "settled" -> EnumSet.of(PaymentOutcome.APPLIED, PaymentOutcome.CREDITED);
                case "pending" -> EnumSet.of(PaymentOutcome.PARTIALLY_APPLIED, PaymentOutcome.NEEDS_CERTIFIED_RATE,
                        PaymentOutcome.NO_OPEN_DOCUMENTS);
                default -> throw ApiProblem.validation("paymentStatus", "must be settled or pending");
            };
            if (outcomes.isEmpty()) {
                outcomes.addAll(operational);
            } else {
                outcomes.retainAll(operational);
                if (outcomes.isEmpty()) {
                    outcomes.add(PaymentOutcome.FAILED); // contradictory filters: match nothing
                }
            }
        }
        return outcomes;
    }

    /** The kind a payments list asks for with {@code provider}. */
    static Optional<PaymentKind> kind(String provider) {
        return Optional.ofNullable(provider).map(text -> WireNamed.find(PaymentKind.values(), text).orElseThrow(() ->
                ApiProblem.validation("provider", "must be verified, provider_settlement, checkout or external")));
    }

    private static PaymentOutcome outcome(String status) {
        try {
            return PaymentOutcome.fromWireName(status);
        } catch (IllegalArgumentException unknown) {
            throw ApiProblem.validation("status", "is not a payment status");
        }
    }

    /**
     * The shape rules are the record's annotations; the source, reserved prefixes, currencies, the
     * date and the documents are checked here, into the same errors.
     */
    static VerifiedPayment verified(RequestValidation validation, KeyPrincipal key, VerifiedPaymentRequest body,
            String requestId, int documentsMax) {
        FieldErrors errors = new FieldErrors();
        validation.check(body, errors);
        IntegrationFields.source(body.source(), key, errors);
        if (body.externalPaymentId() != null && PaymentKind.isReserved(body.externalPaymentId())) {
            errors.add("externalPaymentId", "must not start with any of " + PaymentKind.RESERVED_PREFIXES
                    + ": they name the payments Recaudo records (settlements, checkouts, external payments)");
        }
        Optional<CurrencyCode> currency = currency("currency", body.currency(), Payment.VERIFIED_CURRENCIES, errors);
        Optional<Instant> verifiedAt = IntegrationFields.dateTime("verifiedAt", body.verifiedAt(), true, errors);
        List<ListedDocument> documents = listed(body.documents(), documentsMax, errors);
        errors.throwIfAny();
        return new VerifiedPayment(key.scope(), body.source(), body.externalPaymentId(), body.customerExternalId(),
                Money.of(body.amountMinor(), currency.get()), verifiedAt.get(), documents, requestId);
    }

    static CertifiedRateCommand certified(RequestValidation validation, KeyPrincipal key, String source, String externalPaymentId,
            CertifiedRateRequest body, String requestId, int documentsMax) {
        FieldErrors errors = new FieldErrors();
        validation.check(body, errors);
        // USD or VES for every payment made now; the service checks it is the payment's application
        // currency, which for payments kept waiting since before that rule may be COP, MXN or CRC.
        Optional<CurrencyCode> currency = currency("refCurrency", body.refCurrency(), EnumSet.allOf(CurrencyCode.class), errors);
        Optional<CertifiedRate> rate = CertifiedRate.parse(body.exchangeRateUsed());
        if (rate.isEmpty()) {
            errors.add("exchangeRateUsed", "must be a positive decimal of at most 19 characters matching ^[0-9]+(?:\\.[0-9]+)?$");
        }
        Optional<LocalDate> effectiveDate = IntegrationFields.date("effectiveDate", body.effectiveDate(), errors);
        List<ListedDocument> documents = listed(body.documents(), documentsMax, errors);
        errors.throwIfAny();
        return new CertifiedRateCommand(key.scope(), source, externalPaymentId, currency.get(), body.refAmountMinor(),
                rate.get(), effectiveDate.get(), documents, Optional.of(key.key().id().value()), requestId);
    }

    /** One of {@code accepted}, written in upper or lower case ({@code USD}, {@code usd}; not {@code Usd}). */
    private static Optional<CurrencyCode> currency(String field, String text, Set<CurrencyCode> accepted, FieldErrors errors) {
        Optional<CurrencyCode> currency = text == null ? Optional.empty()
                : CurrencyCode.parse(text).filter(accepted::contains)
                        .filter(c -> text.equals(c.name()) || text.equals(c.name().toLowerCase(Locale.ROOT)));
        if (currency.isEmpty()) {
            errors.add(field, "must be one of " + accepted + ", in upper or lower case");
        }
        return currency;
    }

    private static List<ListedDocument> listed(List<DocumentRequest> documents, int documentsMax, FieldErrors errors) {
        List<ListedDocument> listed = new ArrayList<>();
        if (documents == null || documents.isEmpty() || documents.size() > documentsMax) {
            errors.add("documents", "must list 1 to " + documentsMax + " documents");
            return listed;
        }
        Set<String> seen = new HashSet<>();
        for (int i = 0; i < documents.size(); i++) {
            DocumentRequest document = documents.get(i);
            String field = "documents[" + i + "]";
            if (document == null || document.externalDocumentId() == null || document.externalDocumentId().isBlank()) {
                errors.add(field + ".externalDocumentId", "is required");
                continue;
            }
            if (!IntegrationFields.amountMinor(field + ".amountMinor", document.amountMinor(), 1, errors)) {
                continue;
            }
            if (!seen.add(document.externalDocumentId())) {
                errors.add(field + ".externalDocumentId", "is listed twice");
                continue;
            }
            listed.add(new ListedDocument(document.externalDocumentId(), document.amountMinor()));
        }
        return listed;
    }
}

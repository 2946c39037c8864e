package dev.recaudo.rest.integration;

import dev.recaudo.application.integration.VerifiedPaymentsUseCase.ApplyResult;
import dev.recaudo.domain.money.Money;
import dev.recaudo.rest.common.ApiProblem;
import dev.recaudo.rest.common.Problem;

/**
 * How the integrations API answers each rejection of a verified payment or a certified rate, in
 * one place: a missing customer, document or payment is not found, a wrong request is a
 * validation error naming its field, and a payment not awaiting a rate is a conflict.
 */
final class PaymentRejections {

    private PaymentRejections() {}

    static ApiProblem problem(ApplyResult.Rejected rejected) {
        return switch (rejected.reason()) {
            case CUSTOMER_NOT_FOUND -> new ApiProblem(Problem.NOT_FOUND,
                    "No customer with customerExternalId " + rejected.detail() + " for this source");
            case DOCUMENT_NOT_FOUND -> new ApiProblem(Problem.NOT_FOUND,
                    "No document with externalDocumentId " + rejected.detail() + " for this source");
            case PAYMENT_NOT_FOUND -> new ApiProblem(Problem.NOT_FOUND, "No payment with externalPaymentId " + rejected.detail());
            case DOCUMENT_OF_ANOTHER_CUSTOMER -> ApiProblem.validation("documents",
                    "document " + rejected.detail() + " belongs to another customer");
            case MIXED_CURRENCIES -> ApiProblem.validation("documents", "all listed documents must share one currency");
            case DOCUMENT_CURRENCY_NOT_SETTLEABLE -> ApiProblem.validation("documents", "must be in USD or VES: no verified"
                    + " payment or certified rate settles documents in " + rejected.detail() + " (their checkout does)");
            case LISTED_EXCEEDS_AMOUNT -> ApiProblem.validation("documents",
                    "the listed amounts (" + rejected.detail() + ") exceed the payment's amountMinor");
            case NOT_AWAITING_RATE -> new ApiProblem(Problem.CONFLICT,
                    "The payment is " + rejected.detail() + ", not needs_certified_rate: it is never applied twice");
            case REFERENCE_CURRENCY_MISMATCH -> ApiProblem.validation("refCurrency",
                    "must be the payment's applicationCurrency, the currency of its documents (" + rejected.detail() + ")");
            case CONVERSION_ABOVE_MAXIMUM -> ApiProblem.validation("exchangeRateUsed", "converts the payment's amountMinor ("
                    + rejected.detail() + ") to more than the maximum amount of " + Money.AMOUNT_MINOR_MAX + " minor units");
            case REFERENCE_AMOUNT_MISMATCH -> ApiProblem.validation("refAmountMinor",
                    "must equal amountMinor x exchangeRateUsed rounded half-even to the minor unit (" + rejected.detail() + ")");
        };
    }
}

package dev.recaudo.application.checkout;

import dev.recaudo.application.checkout.HostedCheckoutUseCase.CheckoutKind;
import dev.recaudo.application.checkout.HostedCheckoutUseCase.CheckoutPage;
import dev.recaudo.application.checkout.HostedCheckoutUseCase.PageState;
import dev.recaudo.application.checkout.HostedCheckoutUseCase.PayResult;
import dev.recaudo.application.externalpayment.CompleteExternalPaymentUseCase;
import dev.recaudo.application.externalpayment.CompleteExternalPaymentUseCase.Completion;
import dev.recaudo.domain.company.Company;
import dev.recaudo.domain.company.CompanyRepository;
import dev.recaudo.domain.externalpayment.ExternalPayment;
import dev.recaudo.domain.externalpayment.ExternalPaymentRepository;
import dev.recaudo.domain.company.CompanyId;
import dev.recaudo.domain.money.CurrencyCode;
import java.util.Optional;
import java.util.function.BiPredicate;
import java.util.UUID;

/** Hosted external payments on the hosted page; paying one completes it as the sandbox control does. */
public final class ExternalPaymentCheckouts implements CheckoutKind {

    private final ExternalPaymentRepository payments;
    private final CompanyRepository companies;
    private final CompleteExternalPaymentUseCase completion;
    private final BiPredicate<CompanyId, CurrencyCode> cardRail;

    /** @param cardRail whether a card rail connected for the company serves the currency (live pages only) */
    public ExternalPaymentCheckouts(ExternalPaymentRepository payments, CompanyRepository companies,
            CompleteExternalPaymentUseCase completion, BiPredicate<CompanyId, CurrencyCode> cardRail) {
        this.cardRail = cardRail;
        this.payments = payments;
        this.companies = companies;
        this.completion = completion;
    }

    @Override
    public Optional<CheckoutPage> show(UUID checkoutId, boolean sandboxEnabled) {
        return payments.findByCheckout(checkoutId).flatMap(payment -> pageOf(checkoutId, payment, sandboxEnabled));
    }

    /** The payment's page as shown at {@code pageId}: its own checkout id, or the id of its invoice's checkout. */
    Optional<CheckoutPage> pageOf(UUID pageId, ExternalPayment payment, boolean sandboxEnabled) {
        return companies.find(payment.scope().companyId()).map(company -> page(pageId, payment, company, sandboxEnabled));
    }

    private CheckoutPage page(UUID checkoutId, ExternalPayment payment, Company company, boolean sandboxEnabled) {
        PageState state = switch (payment.status()) {
            case PENDING -> PageState.PENDING;
            case COMPLETED -> PageState.PAID;
            case CANCELED -> PageState.CANCELED;
            case FAILED -> PageState.FAILED;
        };
        boolean test = payment.scope().isTest();
        // Only the sandbox takes a test payment's money, and only for a company that takes payments.
        boolean online = company.takesPayments() && (test || cardRail.test(company.id(), payment.amount().currency()));
        return new CheckoutPage(checkoutId, company.name(), payment.description().orElse(company.name()),
                payment.externalReference(), payment.amount(), Optional.empty(), state, test,
                test && online && sandboxEnabled && state == PageState.PENDING, online,
                !test && online && state == PageState.PENDING, payment.redirectUrl());
    }

    @Override
    public Optional<PayResult> payInSandbox(UUID checkoutId) {
        return payments.findByCheckout(checkoutId).map(this::pay);
    }

    /** Completes the hosted payment, whichever page (its own, or its invoice's) the payer paid on. */
    PayResult pay(ExternalPayment payment) {
        Completion result = completion.completeHosted(payment.scope(), Optional.empty(), payment.checkoutId().orElseThrow());
        return result instanceof Completion.Completed || result instanceof Completion.AlreadyCompleted
                ? new PayResult.Paid() : new PayResult.NotPending();
    }
}

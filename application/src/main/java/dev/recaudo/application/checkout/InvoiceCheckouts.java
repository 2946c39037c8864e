package dev.recaudo.application.checkout;

import dev.recaudo.application.checkout.HostedCheckoutUseCase.CheckoutKind;
import dev.recaudo.application.checkout.HostedCheckoutUseCase.CheckoutPage;
import dev.recaudo.application.checkout.HostedCheckoutUseCase.PageState;
import dev.recaudo.application.checkout.HostedCheckoutUseCase.PayResult;
import dev.recaudo.application.invoice.SandboxUseCase;
import dev.recaudo.application.invoice.SandboxUseCase.SandboxResult;
import dev.recaudo.domain.checkout.Checkout;
import dev.recaudo.domain.checkout.CheckoutRepository;
import dev.recaudo.domain.checkout.CheckoutStatus;
import dev.recaudo.domain.company.Company;
import dev.recaudo.domain.company.CompanyRepository;
import dev.recaudo.domain.externalpayment.ExternalPayment;
import dev.recaudo.domain.externalpayment.ExternalPaymentRepository;
import java.time.ZoneOffset;
import dev.recaudo.domain.company.CompanyId;
import dev.recaudo.domain.money.CurrencyCode;
import java.util.Optional;
import java.util.function.BiPredicate;
import java.util.UUID;

/**
 * The checkouts of invoices on the hosted page; paying one is what the sandbox control does. An
 * invoice has one payable page: while a hosted external payment collects it, the invoice's
 * {@code payment_link} shows that payment's page, and a payment there completes that payment.
 */
public final class InvoiceCheckouts implements CheckoutKind {

    private final CheckoutRepository checkouts;
    private final CompanyRepository companies;
    private final SandboxUseCase sandbox;
    private final ExternalPaymentRepository externalPayments;
    private final ExternalPaymentCheckouts hostedPayments;
    private final BiPredicate<CompanyId, CurrencyCode> cardRail;

    /** @param cardRail whether a card rail connected for the company serves the currency (live pages only) */
    public InvoiceCheckouts(CheckoutRepository checkouts, CompanyRepository companies, SandboxUseCase sandbox,
            ExternalPaymentRepository externalPayments, ExternalPaymentCheckouts hostedPayments,
            BiPredicate<CompanyId, CurrencyCode> cardRail) {
        this.cardRail = cardRail;
        this.checkouts = checkouts;
        this.companies = companies;
        this.sandbox = sandbox;
        this.externalPayments = externalPayments;
        this.hostedPayments = hostedPayments;
    }

    @Override
    public Optional<CheckoutPage> show(UUID checkoutId, boolean sandboxEnabled) {
        return checkouts.findForPayer(checkoutId).flatMap(checkout -> collectingPayment(checkout)
                .map(hosted -> hostedPayments.pageOf(checkoutId, hosted, sandboxEnabled))
                .orElseGet(() -> companies.find(checkout.scope().companyId())
                        .map(company -> page(checkout, company, sandboxEnabled))));
    }

    /**
     * The pending hosted external payment that collects the checkout's invoice, when the checkout
     * is the invoice's current one: an older checkout, replaced by an amount change, keeps its own state.
     */
    private Optional<ExternalPayment> collectingPayment(Checkout checkout) {
        return checkouts.current(checkout.scope(), checkout.documentId())
                .filter(current -> current.id().equals(checkout.id()))
                .flatMap(current -> externalPayments.pendingHostedFor(checkout.scope(), checkout.documentId()));
    }

    private CheckoutPage page(Checkout checkout, Company company, boolean sandboxEnabled) {
        PageState state = switch (checkout.status()) {
            case PENDING -> PageState.PENDING;
            case APPROVED -> PageState.PAID;
            case CANCELED -> PageState.CANCELED;
            case REJECTED -> PageState.FAILED;
        };
        boolean test = checkout.scope().isTest();
        // Only the sandbox takes a test checkout's money, and only for a company that takes payments.
        boolean online = company.takesPayments() && (test || cardRail.test(company.id(), checkout.amount().currency()));
        Optional<String> description = Optional.ofNullable(checkout.description()).filter(text -> !text.equals(checkout.title()));
        return new CheckoutPage(checkout.id(), company.name(), checkout.title(), description, checkout.amount(),
                checkout.dueAt().map(due -> due.atZone(ZoneOffset.UTC).toLocalDate()), state, test,
                test && online && sandboxEnabled && state == PageState.PENDING, online,
                !test && online && state == PageState.PENDING, Optional.empty());
    }

    @Override
    public Optional<PayResult> payInSandbox(UUID checkoutId) {
        return checkouts.findForPayer(checkoutId).map(checkout -> collectingPayment(checkout).map(hostedPayments::pay)
                .orElseGet(() -> payCheckout(checkout)));
    }

    private PayResult payCheckout(Checkout checkout) {
        SandboxResult result = sandbox.completeCheckout(checkout.scope(), Optional.empty(), checkout.id());
        if (result instanceof SandboxResult.Done) {
            return new PayResult.Paid();
        }
        // Paid by an earlier click: the page shows it paid; anything else was not paid.
        return checkouts.findForPayer(checkout.id()).filter(now -> now.status() == CheckoutStatus.APPROVED)
                .<PayResult>map(paid -> new PayResult.Paid()).orElseGet(PayResult.NotPending::new);
    }
}

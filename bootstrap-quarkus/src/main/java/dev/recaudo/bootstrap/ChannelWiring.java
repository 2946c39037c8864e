package dev.recaudo.bootstrap;

import dev.recaudo.application.checkout.CheckoutHelperService;
import dev.recaudo.application.checkout.CheckoutHelperUseCase;
import dev.recaudo.application.card.CardCheckoutService;
import dev.recaudo.application.card.CardCheckoutUseCase;
import dev.recaudo.application.card.CardSessionBook;
import dev.recaudo.application.card.CardSessionEventsService;
import dev.recaudo.application.card.CardTargets;
import dev.recaudo.application.checkout.ExternalPaymentCheckouts;
import dev.recaudo.application.invoice.CheckoutPaymentUseCase;
import dev.recaudo.application.rail.CardRails;
import dev.recaudo.application.checkout.HostedCheckoutService;
import dev.recaudo.application.checkout.HostedCheckoutUseCase;
import dev.recaudo.application.checkout.InvoiceCheckouts;
import dev.recaudo.application.checkout.PayerIds;
import dev.recaudo.application.common.DispatchLimits;
import dev.recaudo.application.common.Transactions;
import dev.recaudo.application.externalpayment.CallbackDispatchService;
import dev.recaudo.application.externalpayment.CallbackDispatchUseCase;
import dev.recaudo.application.externalpayment.CallbackSecretService;
import dev.recaudo.application.externalpayment.CallbackSecretUseCase;
import dev.recaudo.application.externalpayment.DirectChargeService;
import dev.recaudo.application.externalpayment.ExternalPaymentsService;
import dev.recaudo.application.externalpayment.Processors;
import dev.recaudo.application.externalpayment.SandboxChargeBook;
import dev.recaudo.application.externalpayment.SandboxProcessor;
import dev.recaudo.application.externalpayment.SandboxRefundBook;
import dev.recaudo.application.rail.CardRails;
import dev.recaudo.application.refund.RefundsService;
import dev.recaudo.application.refund.UntakenMoneyRefunds;
import dev.recaudo.application.invoice.DocumentBook;
import dev.recaudo.application.invoice.SandboxUseCase;
import dev.recaudo.application.webhook.WebhookDispatchService;
import dev.recaudo.application.webhook.WebhookDispatchUseCase;
import dev.recaudo.application.webhook.WebhookEndpointsService;
import dev.recaudo.application.webhook.WebhookEndpointsUseCase;
import dev.recaudo.bootstrap.crash.CrashSwitch;
import dev.recaudo.bootstrap.crash.CrashingProcessor;
import dev.recaudo.domain.checkout.CheckoutCustomerRepository;
import dev.recaudo.domain.checkout.CheckoutRepository;
import dev.recaudo.domain.company.CompanyRepository;
import dev.recaudo.domain.dispatch.DispatchCaps;
import dev.recaudo.domain.dispatch.PausePolicy;
import dev.recaudo.domain.document.CollectionDocumentRepository;
import dev.recaudo.domain.externalpayment.ExternalPaymentCallbacks;
import dev.recaudo.domain.externalpayment.ExternalPaymentRepository;
import dev.recaudo.domain.externalpayment.ExternalPaymentSecrets;
import dev.recaudo.domain.ledger.Ledger;
import dev.recaudo.domain.metrics.OperationalMetrics;
import dev.recaudo.domain.payment.PaymentRepository;
import dev.recaudo.domain.product.ProductRepository;
import dev.recaudo.domain.refund.RefundRepository;
import dev.recaudo.domain.security.SigningKeyStore;
import dev.recaudo.domain.webhook.DeliveryClaims;
import dev.recaudo.domain.webhook.Outbox;
import dev.recaudo.domain.webhook.RetrySchedule;
import dev.recaudo.domain.webhook.WebhookRepository;
import dev.recaudo.domain.webhook.WebhookSender;
import dev.recaudo.domain.webhook.WebhookTargetPolicy;
import dev.recaudo.webhooks.delivery.StandardWebhookSignature;
import jakarta.enterprise.inject.Produces;
import jakarta.inject.Singleton;
import java.security.SecureRandom;
import java.time.Clock;
import java.time.Duration;
import java.util.List;

/**
 * Builds the use cases through which money reaches a company from outside and news leaves it: the
 * external payments API and its callbacks, the hosted checkout and the checkout helper, and the
 * lifecycle webhooks. The rest of the core is built in {@link CoreWiring}.
 */
public class ChannelWiring {

    /**
     * The sandbox processor for test keys; for live keys, each company's connected card rail
     * ({@link RailWiring#cardRails}); each behind the crash hook.
     */
    @Produces
    @Singleton
    Processors processors(SandboxChargeBook sandboxCharges, SandboxRefundBook sandboxRefunds, CrashSwitch crash, Clock clock,
            CardRails rails) {
        return new Processors(CrashingProcessor.around(new SandboxProcessor(sandboxCharges, sandboxRefunds, clock), crash),
                rails, processor -> CrashingProcessor.around(processor, crash));
    }

    @Produces
    @Singleton
    ExternalPaymentsService externalPayments(ExternalPaymentRepository externalPayments, ExternalPaymentCallbacks callbacks,
            CollectionDocumentRepository documents, PaymentRepository payments, Ledger ledger, DocumentBook book,
            WebhookTargetPolicy targets, Processors processors, Transactions transactions, OperationalMetrics metrics,
            Clock clock) {
        return new ExternalPaymentsService(externalPayments, callbacks, documents, payments, ledger, book, targets, processors,
                transactions, metrics, clock);
    }

    @Produces
    @Singleton
    DirectChargeService directCharges(ExternalPaymentRepository externalPayments, ExternalPaymentCallbacks callbacks,
            CollectionDocumentRepository documents, PaymentRepository payments, Ledger ledger, DocumentBook book,
            Processors processors, Transactions transactions, OperationalMetrics metrics, Clock clock, RecaudoConfig config,
            RefundsService refunds) {
        return new DirectChargeService(externalPayments, callbacks, documents, payments, ledger, book, processors,
                transactions, metrics, clock, Duration.ofSeconds(config.payments().unknownAfterSeconds()),
                new UntakenMoneyRefunds(refunds));
    }

    /** Refunds go back through the processor that took the payment: the sandbox's for test keys. */
    @Produces
    @Singleton
    RefundsService refunds(ExternalPaymentRepository externalPayments, RefundRepository refunds, PaymentRepository payments,
            CollectionDocumentRepository documents, Ledger ledger, DocumentBook book, Outbox outbox, Processors processors,
            Transactions transactions, Clock clock, RecaudoConfig config) {
        return new RefundsService(externalPayments, refunds, payments, documents, ledger, book, outbox, processors,
                transactions, clock, Duration.ofSeconds(config.payments().unknownAfterSeconds()));
    }

    @Produces
    @Singleton
    HostedCheckoutUseCase hostedCheckout(CheckoutRepository checkouts, CompanyRepository companies, SandboxUseCase sandbox,
            ExternalPaymentRepository externalPayments, ExternalPaymentsService externalPaymentCompletion,
            CardCheckoutUseCase cards, RecaudoConfig config) {
        ExternalPaymentCheckouts hostedPayments = new ExternalPaymentCheckouts(externalPayments, companies, externalPaymentCompletion,
                cards::offered);
        return new HostedCheckoutService(List.of(new InvoiceCheckouts(checkouts, companies, sandbox, externalPayments,
                hostedPayments, cards::offered), hostedPayments), config.sandbox().enabled());
    }

    /** What a card session pays: an invoice's checkout or a hosted external payment, through their one completion. */
    @Produces
    @Singleton
    CardTargets cardTargets(CheckoutRepository checkouts, ExternalPaymentRepository externalPayments,
            CheckoutPaymentUseCase checkoutPayments, ExternalPaymentsService hostedPayments) {
        return new CardTargets(checkouts, externalPayments, checkoutPayments, hostedPayments);
    }

    @Produces
    @Singleton
    CardCheckoutUseCase cardCheckout(CardTargets targets, CardSessionBook sessions, CompanyRepository companies, CardRails rails,
            Transactions transactions, Clock clock, RecaudoConfig config) {
        return new CardCheckoutService(targets, sessions, companies, rails, transactions, clock, config.publicBaseUrl());
    }

    /** The sessions' events ({@link dev.recaudo.application.rail.SessionEvents}) and their reconciliation. */
    @Produces
    @Singleton
    CardSessionEventsService cardSessionEvents(CardSessionBook sessions, CardTargets targets, CardRails rails,
            Transactions transactions, Clock clock, RecaudoConfig config) {
        return new CardSessionEventsService(sessions, targets, rails, transactions, clock,
                Duration.ofSeconds(config.payments().cardSessionAgeSeconds()));
    }

    @Produces
    @Singleton
    CheckoutHelperUseCase checkoutHelper(ProductRepository products, CheckoutCustomerRepository customers, PayerIds payerIds,
            Transactions transactions, Clock clock) {
        return new CheckoutHelperService(products, customers, payerIds, transactions, clock);
    }

    /** One derivation of payer ids, for the helper's answers and for re-keying the stored ones. */
    @Produces
    @Singleton
    PayerIds payerIds(SigningKeyStore keys) {
        return new PayerIds(keys);
    }

    @Produces
    @Singleton
    WebhookEndpointsUseCase webhookEndpoints(WebhookRepository webhooks, DeliveryClaims claims, CompanyRepository companies,
            WebhookTargetPolicy targets, SecureRandom random, Transactions transactions, Clock clock, RecaudoConfig config) {
        return new WebhookEndpointsService(webhooks, claims, companies, targets, () -> StandardWebhookSignature.newSecret(random),
                transactions, clock, config.webhooks().endpointsPerCompanyMax(),
                Duration.ofSeconds(config.webhooks().secretOverlapSeconds()));
    }

    @Produces
    @Singleton
    WebhookDispatchUseCase webhookDispatch(DeliveryClaims claims, WebhookSender sender, Transactions transactions,
            OperationalMetrics metrics, Clock clock, DispatchRecorder recorder, RecaudoConfig config) {
        DispatchConfig.WebhooksConfig settings = config.webhooks();
        RetrySchedule schedule = new RetrySchedule(Duration.ofMillis(settings.retryBaseMillis()),
                Duration.ofSeconds(settings.retryCapSeconds()), settings.attemptsMax(), settings.retryJitter());
        DispatchLimits limits = new DispatchLimits(settings.batchSize(), Duration.ofSeconds(settings.leaseSeconds()),
                settings.inFlightMax(), new DispatchCaps(settings.inFlightPerEndpointMax(), settings.inFlightPerCompanyMax()));
        return new WebhookDispatchService(claims, sender, schedule, pausePolicy(config), limits, transactions, metrics, clock,
                Math::random, recorder);
    }

    /** One pause policy for endpoints and callback origins ({@code recaudo.webhooks.pause-*}). */
    private static PausePolicy pausePolicy(RecaudoConfig config) {
        DispatchConfig.WebhooksConfig settings = config.webhooks();
        return new PausePolicy(settings.pauseAfterFailures(), Duration.ofSeconds(settings.pauseBaseSeconds()),
                Duration.ofSeconds(settings.pauseMaxSeconds()));
    }

    @Produces
    @Singleton
    CallbackDispatchUseCase callbackDispatch(ExternalPaymentCallbacks callbacks, ExternalPaymentSecrets secrets,
            WebhookSender sender, SecureRandom random, Transactions transactions, OperationalMetrics metrics, Clock clock,
            DispatchRecorder recorder, RecaudoConfig config) {
        DispatchConfig.CallbacksConfig settings = config.callbacks();
        DispatchLimits limits = new DispatchLimits(settings.perRunMax(), Duration.ofSeconds(settings.leaseSeconds()),
                settings.inFlightMax(), new DispatchCaps(settings.inFlightPerOriginMax(), settings.inFlightPerCompanyMax()));
        return new CallbackDispatchService(callbacks, secrets, () -> StandardWebhookSignature.newSecret(random), sender,
                pausePolicy(config), limits, transactions, metrics, clock, recorder);
    }

    @Produces
    @Singleton
    CallbackSecretUseCase callbackSecrets(ExternalPaymentSecrets secrets, SecureRandom random, Transactions transactions,
            Clock clock) {
        return new CallbackSecretService(secrets, () -> StandardWebhookSignature.newSecret(random), transactions, clock);
    }
}

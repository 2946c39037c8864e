package dev.recaudo.bootstrap;

import dev.recaudo.application.common.Transactions;
import dev.recaudo.application.externalpayment.DirectChargeService;
import dev.recaudo.application.rail.CardCredentialsBook;
import dev.recaudo.application.rail.CardRail;
import dev.recaudo.application.rail.CardRails;
import dev.recaudo.application.rail.PaymentRailsService;
import dev.recaudo.application.rail.PaymentRailsUseCase;
import dev.recaudo.application.rail.PayoutEvents;
import dev.recaudo.application.rail.ProcessorEffects;
import dev.recaudo.application.rail.ProcessorEventLog;
import dev.recaudo.application.rail.ProcessorEventsService;
import dev.recaudo.application.rail.ProcessorEventsUseCase;
import dev.recaudo.application.rail.SessionEvents;
import dev.recaudo.application.refund.RefundsService;
import dev.recaudo.domain.externalpayment.ExternalPaymentRepository;
import dev.recaudo.domain.payment.PaymentRepository;
import dev.recaudo.stripe.StripeRail;
import dev.recaudo.stripe.StripeSettings;
import io.opentelemetry.api.trace.Tracer;
import io.quarkus.arc.All;
import io.quarkus.arc.properties.UnlessBuildProperty;
import jakarta.enterprise.inject.Produces;
import jakarta.inject.Singleton;
import java.time.Clock;
import java.time.Duration;
import java.util.Comparator;
import java.util.List;

/**
 * The card rails: every {@link CardRail} bean of the deployment (an adapter module adds its rail with
 * one producer), each company's credentials at them, and what their events do.
 */
public class RailWiring {

    /**
     * The Stripe rail. The end-to-end tests that exercise the rail port with their own recording double
     * (named stripe too) build without it.
     */
    @Produces
    @Singleton
    @UnlessBuildProperty(name = "recaudo-test.card-rail", stringValue = "recording", enableIfMissing = true)
    CardRail stripe(RecaudoConfig config, Tracer tracer) {
        BackgroundConfig.StripeConfig stripe = config.payments().stripe();
        return new StripeRail(new StripeSettings(stripe.apiBase(), Duration.ofMillis(stripe.connectTimeoutMillis()),
                Duration.ofMillis(stripe.readTimeoutMillis()), stripe.maxNetworkRetries()), tracer);
    }

    /** Every card rail bean, in the order of their names (so "the first configured" is stable). */
    @Produces
    @Singleton
    CardRails cardRails(@All List<CardRail> rails, CardCredentialsBook credentials) {
        return new CardRails(rails.stream().sorted(Comparator.comparing(CardRail::name)).toList(), credentials);
    }

    @Produces
    @Singleton
    PaymentRailsUseCase paymentRails(CardRails rails, CardCredentialsBook credentials, Transactions transactions, Clock clock) {
        return new PaymentRailsService(rails, credentials, transactions, clock);
    }

    /** Each verified processor event, applied once through the paths of the payments it names. */
    @Produces
    @Singleton
    ProcessorEventsUseCase processorEvents(CardRails rails, CardCredentialsBook credentials, ProcessorEventLog log,
            DirectChargeService charges, RefundsService refunds, ExternalPaymentRepository externalPayments,
            PaymentRepository payments, SessionEvents sessions, PayoutEvents payouts, Transactions transactions, Clock clock) {
        ProcessorEffects effects = new ProcessorEffects(charges, refunds, externalPayments, payments, sessions, payouts);
        return new ProcessorEventsService(rails, credentials, log, effects, transactions, clock);
    }
}

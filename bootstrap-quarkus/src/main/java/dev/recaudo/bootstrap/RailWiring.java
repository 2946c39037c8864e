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
import io.quarkus.arc.All;
import jakarta.enterprise.inject.Instance;
import jakarta.enterprise.inject.Produces;
import jakarta.inject.Singleton;
import java.time.Clock;
import java.util.List;
import java.util.Optional;

/**
 * The card rails: every {@link CardRail} bean of the deployment (an adapter module adds its rail with
 * one producer), each company's credentials at them, and what their events do.
 */
public class RailWiring {

    /** Every card rail bean, in the order of their names (so "the first configured" is stable). */
    @Produces
    @Singleton
    CardRails cardRails(@All List<CardRail> rails, CardCredentialsBook credentials) {
        return new CardRails(rails.stream().sorted(java.util.Comparator.comparing(CardRail::name)).toList(), credentials);
    }

    @Produces
    @Singleton
    PaymentRailsUseCase paymentRails(CardRails rails, CardCredentialsBook credentials, Transactions transactions, Clock clock) {
        return new PaymentRailsService(rails, credentials, transactions, clock);
    }

    /**
     * The sessions' and payouts' ports are implemented elsewhere; until a bean of them exists, their
     * events are acknowledged and not recorded ({@link ProcessorEventsService}), so a retry applies them later.
     */
    @Produces
    @Singleton
    ProcessorEventsUseCase processorEvents(CardRails rails, CardCredentialsBook credentials, ProcessorEventLog log,
            DirectChargeService charges, RefundsService refunds, ExternalPaymentRepository externalPayments,
            Instance<SessionEvents> sessions, Instance<PayoutEvents> payouts, Transactions transactions, Clock clock) {
        ProcessorEffects effects = new ProcessorEffects(charges, refunds, externalPayments,
                () -> sessions.isResolvable() ? Optional.of(sessions.get()) : Optional.empty(),
                () -> payouts.isResolvable() ? Optional.of(payouts.get()) : Optional.empty());
        return new ProcessorEventsService(rails, credentials, log, effects, transactions, clock);
    }
}

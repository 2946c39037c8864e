package dev.recaudo.application.rail;

import dev.recaudo.application.common.Transactions;
import dev.recaudo.application.rail.ProcessorEventsUseCase.Outcome;
import dev.recaudo.domain.apikey.KeyEnvironment;
import dev.recaudo.domain.common.TenantScope;
import dev.recaudo.domain.company.CompanyId;
import java.time.Clock;
import java.util.Optional;
import java.util.function.Supplier;

/**
 * A card processor's events: verified with the company's webhook secret, refused when their object
 * names another company, and applied at most once per event id, the record of the event committing
 * with its effect, so a repeat or a concurrent twin applies nothing. Each effect goes through the path
 * the API itself takes ({@link ProcessorEffects}).
 */
public final class ProcessorEventsService implements ProcessorEventsUseCase {

    private static final System.Logger LOG = System.getLogger(ProcessorEventsService.class.getName());

    private final CardRails rails;
    private final CardCredentialsBook credentials;
    private final ProcessorEventLog log;
    private final ProcessorEffects effects;
    private final Transactions transactions;
    private final Clock clock;

    public ProcessorEventsService(CardRails rails, CardCredentialsBook credentials, ProcessorEventLog log,
            ProcessorEffects effects, Transactions transactions, Clock clock) {
        this.rails = rails;
        this.credentials = credentials;
        this.log = log;
        this.effects = effects;
        this.transactions = transactions;
        this.clock = clock;
    }

    @Override
    public Outcome receive(String railName, CompanyId company, String payload, String signatureHeader) {
        Optional<CardRail> rail = rails.named(railName);
        Optional<CardCredentials> set = rail.flatMap(found -> transactions.inTransaction(
                () -> credentials.of(company, found.name())));
        if (set.isEmpty()) {
            return new Outcome.Unknown();
        }
        ProcessorEvent event;
        try {
            event = rail.get().verify(payload, signatureHeader == null ? "" : signatureHeader, set.get().webhookSecret());
        } catch (CardRail.ForgedEvent forged) {
            return new Outcome.Forged(forged.getMessage());
        }
        if (ProcessorEffects.tags(event).flatMap(ProcessorEvent.Tags::companyId)
                .filter(named -> !named.equalsIgnoreCase(company.value().toString())).isPresent()) {
            LOG.log(System.Logger.Level.WARNING, "{0} event {1} for company {2} names another company: refused", railName,
                    event.eventId(), company.value());
            return new Outcome.OtherCompany();
        }
        CardRails.Connected connected = new CardRails.Connected(rail.get(), set.get(), rail.get().connect(set.get()));
        TenantScope scope = new TenantScope(company, KeyEnvironment.LIVE);
        // What the processor must be asked (a payout's report) is asked before the transaction opens.
        Optional<PayoutReport> prepared = effects.prepare(connected, event);
        Supplier<Outcome> apply = () -> {
            if (!log.firstTime(company, railName, event.eventId(), ProcessorEffects.type(event), clock.instant())) {
                return new Outcome.Duplicate(event);
            }
            effects.apply(scope, connected, event, prepared);
            return new Outcome.Applied(event);
        };
        return transactions.inTransaction(apply);
    }
}

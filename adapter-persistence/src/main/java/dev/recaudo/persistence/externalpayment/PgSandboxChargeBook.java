package dev.recaudo.persistence.externalpayment;

import dev.recaudo.application.externalpayment.PaymentProcessor.Decision;
import dev.recaudo.application.externalpayment.SandboxChargeBook;
import dev.recaudo.domain.common.TenantScope;
import dev.recaudo.domain.money.Money;
import dev.recaudo.persistence.common.NativeSql;
import dev.recaudo.persistence.common.StoreFailures;
import io.quarkus.narayana.jta.QuarkusTransaction;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.time.Instant;
import java.util.Locale;
import java.util.Optional;

/**
 * The sandbox processor's charges, {@code sandbox_processor_charges}. Each charge is written in a
 * transaction of its own, committed before the processor answers, as a real processor's record is
 * kept whatever becomes of the caller's work; the key's primary key makes a second charge under it
 * a no-op that reads the first decision.
 */
@ApplicationScoped
@StoreFailures
public class PgSandboxChargeBook implements SandboxChargeBook {

    @Inject
    NativeSql nativeSql;

    @Override
    public Decision charge(TenantScope scope, String processorKey, Money amount, Decision decision, Instant now) {
        return QuarkusTransaction.requiringNew().call(() -> {
            nativeSql.update("INSERT INTO sandbox_processor_charges (company_id, processor_key, kind, amount_minor, currency,"
                            + " decision, created_at) VALUES (?, ?, 'charge', ?, ?, ?, ?) ON CONFLICT DO NOTHING",
                    scope.companyId().value(), processorKey, amount.amountMinor(), amount.currency().name(),
                    decision.name().toLowerCase(Locale.ROOT), now);
            return find(scope, processorKey).orElseThrow();
        });
    }

    @Override
    public Optional<Decision> find(TenantScope scope, String processorKey) {
        return nativeSql.queryOne("SELECT decision FROM sandbox_processor_charges WHERE company_id = ? AND processor_key = ?"
                        + " AND kind = 'charge'",
                row -> Decision.valueOf(row.getString("decision").toUpperCase(Locale.ROOT)),
                scope.companyId().value(), processorKey);
    }
}

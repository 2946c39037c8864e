package dev.recaudo.persistence.refund;

import dev.recaudo.application.externalpayment.SandboxRefundBook;
import dev.recaudo.domain.common.TenantScope;
import dev.recaudo.domain.money.Money;
import dev.recaudo.persistence.common.NativeSql;
import dev.recaudo.persistence.common.StoreFailures;
import io.quarkus.narayana.jta.QuarkusTransaction;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.time.Instant;
import java.util.Optional;

/**
 * The {@code sandbox_refunds} table. A refund is recorded in a transaction of its own, committed
 * before the answer returns, as a processor's own records are: the caller's rollback does not undo
 * it, and the key's primary key makes the first answer the only one.
 */
@ApplicationScoped
@StoreFailures
public class PgSandboxRefundBook implements SandboxRefundBook {

    private static final String FIND = "SELECT reference, declined FROM sandbox_refunds WHERE processor_key = ?"
            + " AND company_id = ? AND is_test = ?";

    @Inject
    NativeSql nativeSql;

    @Override
    public Answer refund(TenantScope scope, String processorKey, Money amount, Answer answer, Instant now) {
        return QuarkusTransaction.requiringNew().call(() -> {
            nativeSql.update("INSERT INTO sandbox_refunds (processor_key, company_id, is_test, currency, amount_minor, reference,"
                            + " declined, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (processor_key) DO NOTHING",
                    processorKey, scope.companyId().value(), scope.isTest(), amount.currency().name(), amount.amountMinor(),
                    answer.reference(), answer.declined(), now);
            return read(scope, processorKey).orElseThrow();
        });
    }

    @Override
    public Optional<Answer> find(TenantScope scope, String processorKey) {
        return read(scope, processorKey);
    }

    private Optional<Answer> read(TenantScope scope, String processorKey) {
        return nativeSql.queryOne(FIND, row -> new Answer(row.getString("reference"), row.getBoolean("declined")), processorKey,
                scope.companyId().value(), scope.isTest());
    }
}

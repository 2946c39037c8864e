package dev.recaudo.persistence.externalpayment;

import dev.recaudo.domain.company.CompanyId;
import dev.recaudo.domain.externalpayment.ExternalPaymentSecrets;
import dev.recaudo.persistence.common.NativeSql;
import dev.recaudo.persistence.common.StoreFailures;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.time.Instant;
import java.util.function.Supplier;

/**
 * Callback secrets stored as they are. An adapter that encrypts them at rest would wrap the same
 * two statements; nothing outside this class reads the table.
 */
@ApplicationScoped
@StoreFailures
public class PgExternalPaymentSecrets implements ExternalPaymentSecrets {

    @Inject
    NativeSql nativeSql;

    @Override
    public String current(CompanyId companyId, Supplier<String> fresh, Instant now) {
        return nativeSql.queryOne("SELECT secret FROM external_payment_secrets WHERE company_id = ?",
                        row -> row.getString(1), companyId.value())
                .orElseGet(() -> {
                    nativeSql.update("INSERT INTO external_payment_secrets (company_id, secret, created_at) VALUES (?, ?, ?)"
                            + " ON CONFLICT (company_id) DO NOTHING", companyId.value(), fresh.get(), now);
                    return nativeSql.queryOne("SELECT secret FROM external_payment_secrets WHERE company_id = ?",
                            row -> row.getString(1), companyId.value()).orElseThrow();
                });
    }

    @Override
    public void replace(CompanyId companyId, String replacement, Instant now) {
        nativeSql.update("INSERT INTO external_payment_secrets (company_id, secret, created_at) VALUES (?, ?, ?)"
                + " ON CONFLICT (company_id) DO UPDATE SET secret = EXCLUDED.secret, rotated_at = EXCLUDED.created_at",
                companyId.value(), replacement, now);
    }
}

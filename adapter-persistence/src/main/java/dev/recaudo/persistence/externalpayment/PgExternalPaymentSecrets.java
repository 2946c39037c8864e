package dev.recaudo.persistence.externalpayment;

import dev.recaudo.domain.company.CompanyId;
import dev.recaudo.domain.externalpayment.ExternalPaymentSecrets;
import dev.recaudo.persistence.common.NativeSql;
import dev.recaudo.persistence.common.StoreFailures;
import dev.recaudo.persistence.secret.SecretColumn;
import dev.recaudo.persistence.secret.SecretSealer;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.time.Instant;
import java.util.Optional;
import java.util.function.Supplier;

/**
 * Callback secrets, sealed at rest ({@link SecretSealer}) under their company's row; nothing
 * outside this class and the re-sealing pass reads the table.
 */
@ApplicationScoped
@StoreFailures
public class PgExternalPaymentSecrets implements ExternalPaymentSecrets {

    @Inject
    NativeSql nativeSql;

    @Inject
    SecretSealer sealer;

    @Override
    public String current(CompanyId companyId, Supplier<String> fresh, Instant now) {
        return read(companyId).orElseGet(() -> {
            nativeSql.update("INSERT INTO external_payment_secrets (company_id, secret, created_at) VALUES (?, ?, ?)"
                    + " ON CONFLICT (company_id) DO NOTHING", companyId.value(), sealed(companyId, fresh.get()), now);
            return read(companyId).orElseThrow();
        });
    }

    @Override
    public void replace(CompanyId companyId, String replacement, Instant now) {
        nativeSql.update("INSERT INTO external_payment_secrets (company_id, secret, created_at) VALUES (?, ?, ?)"
                + " ON CONFLICT (company_id) DO UPDATE SET secret = EXCLUDED.secret, rotated_at = EXCLUDED.created_at",
                companyId.value(), sealed(companyId, replacement), now);
    }

    private Optional<String> read(CompanyId companyId) {
        return nativeSql.queryOne("SELECT secret FROM external_payment_secrets WHERE company_id = ?",
                row -> sealer.openText(SecretColumn.EXTERNAL_PAYMENT_SECRETS, companyId.value(), row.getString(1)),
                companyId.value());
    }

    private String sealed(CompanyId companyId, String secret) {
        return sealer.sealText(SecretColumn.EXTERNAL_PAYMENT_SECRETS, companyId.value(), secret);
    }
}

package dev.recaudo.persistence.externalpayment;

import static dev.recaudo.persistence.common.Jdbc.instant;
import static dev.recaudo.persistence.common.Jdbc.uuid;

import dev.recaudo.domain.common.Page;
import dev.recaudo.domain.common.TenantScope;
import dev.recaudo.domain.externalpayment.ExternalPayment;
import dev.recaudo.domain.externalpayment.ExternalPaymentRepository;
import dev.recaudo.domain.money.CurrencyCode;
import dev.recaudo.domain.money.Money;
import dev.recaudo.persistence.common.Jdbc;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.List;

@ApplicationScoped
public class PgExternalPaymentRepository implements ExternalPaymentRepository {

    private final Jdbc jdbc;

    public PgExternalPaymentRepository(Jdbc jdbc) {
        this.jdbc = jdbc;
    }

    @Override
    public Page<ExternalPayment> page(TenantScope scope, int page, int size) {
        long total = jdbc.queryOne("SELECT count(*) FROM external_payments WHERE company_id = ? AND is_test = ?",
                        row -> row.getLong(1), scope.companyId().value(), scope.isTest())
                .orElse(0L);
        List<ExternalPayment> items = jdbc.query(
                "SELECT * FROM external_payments WHERE company_id = ? AND is_test = ?"
                        + " ORDER BY created_at DESC, id DESC LIMIT ? OFFSET ?",
                row -> new ExternalPayment(
                        uuid(row, "id"),
                        row.getString("mode"),
                        row.getString("status"),
                        Money.of(row.getLong("amount_minor"), CurrencyCode.valueOf(row.getString("currency"))),
                        row.getString("callback_url"),
                        row.getString("external_reference"),
                        uuid(row, "invoice_id"),
                        uuid(row, "payment_id"),
                        instant(row, "created_at"),
                        instant(row, "updated_at")),
                scope.companyId().value(),
                scope.isTest(),
                size,
                (long) (page - 1) * size);
        return new Page<>(items, total, page, size);
    }
}

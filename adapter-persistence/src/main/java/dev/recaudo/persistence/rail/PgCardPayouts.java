package dev.recaudo.persistence.rail;

import static dev.recaudo.persistence.common.Rows.instant;
import static dev.recaudo.persistence.common.Rows.uuid;

import dev.recaudo.application.rail.CardPayout;
import dev.recaudo.application.rail.CardPayouts;
import dev.recaudo.domain.common.TenantScope;
import dev.recaudo.domain.money.CurrencyCode;
import dev.recaudo.domain.money.Money;
import dev.recaudo.persistence.common.NativeSql;
import dev.recaudo.persistence.common.Rows;
import dev.recaudo.persistence.common.StoreFailures;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The {@code card_payouts} and {@code card_payout_fees} tables. Inserts that meet an existing key do
 * nothing (a concurrent insert of the same key waits for the first to commit), so a duplicate event
 * finds the first one's row and a fee is recorded once.
 */
@ApplicationScoped
@StoreFailures
public class PgCardPayouts implements CardPayouts {

    @Inject
    NativeSql nativeSql;

    @Override
    public boolean insert(CardPayout payout) {
        return nativeSql.update("INSERT INTO card_payouts (id, company_id, is_test, rail, payout_id, amount_minor, currency,"
                        + " status, reason, lines_count, received_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"
                        + " ON CONFLICT (company_id, is_test, rail, payout_id) DO NOTHING",
                payout.id(), payout.scope().companyId().value(), payout.scope().isTest(), payout.rail(), payout.payoutId(),
                payout.amount().amountMinor(), payout.amount().currency().name(), payout.status().name(),
                payout.reason().orElse(null), payout.linesCount(), payout.receivedAt(), payout.updatedAt()) == 1;
    }

    @Override
    public Optional<CardPayout> lock(TenantScope scope, String rail, String payoutId) {
        return nativeSql.queryOne("SELECT * FROM card_payouts WHERE company_id = ? AND is_test = ? AND rail = ? AND payout_id = ?"
                + " FOR UPDATE", PgCardPayouts::payout, scope.companyId().value(), scope.isTest(), rail, payoutId);
    }

    @Override
    public void update(CardPayout payout) {
        nativeSql.update("UPDATE card_payouts SET status = ?, reason = ?, updated_at = ? WHERE id = ?", payout.status().name(),
                payout.reason().orElse(null), payout.updatedAt(), payout.id());
    }

    @Override
    public boolean recordFee(TenantScope scope, String rail, BookedFee fee) {
        return nativeSql.update("INSERT INTO card_payout_fees (company_id, is_test, rail, line_kind, source_reference, payout_id,"
                        + " payment_id, currency, fee_minor, transfer_id, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"
                        + " ON CONFLICT (company_id, is_test, rail, line_kind, source_reference) DO NOTHING",
                scope.companyId().value(), scope.isTest(), rail, fee.kind().name(), fee.sourceReference(), fee.payoutId(),
                fee.paymentId(), fee.fee().currency().name(), fee.fee().amountMinor(), fee.transferId(), fee.createdAt()) == 1;
    }

    @Override
    public List<CardPayout> page(TenantScope scope, Optional<CardPayout.Status> status, Optional<Position> after, int limit) {
        StringBuilder sql = new StringBuilder("SELECT * FROM card_payouts WHERE company_id = ? AND is_test = ?");
        List<Object> parameters = new ArrayList<>(List.of(scope.companyId().value(), scope.isTest()));
        status.ifPresent(wanted -> {
            sql.append(" AND status = ?");
            parameters.add(wanted.name());
        });
        after.ifPresent(position -> {
            sql.append(" AND (received_at, id) < (?, ?)");
            parameters.add(position.receivedAt());
            parameters.add(position.id());
        });
        sql.append(" ORDER BY received_at DESC, id DESC LIMIT ?");
        parameters.add(limit);
        return nativeSql.query(sql.toString(), PgCardPayouts::payout, parameters.toArray());
    }

    private static CardPayout payout(ResultSet row) throws SQLException {
        return new CardPayout(uuid(row, "id"), Rows.scope(row), row.getString("rail"), row.getString("payout_id"),
                Money.of(row.getLong("amount_minor"), CurrencyCode.valueOf(row.getString("currency"))),
                CardPayout.Status.valueOf(row.getString("status")), Optional.ofNullable(row.getString("reason")),
                row.getInt("lines_count"), instant(row, "received_at"), instant(row, "updated_at"));
    }
}

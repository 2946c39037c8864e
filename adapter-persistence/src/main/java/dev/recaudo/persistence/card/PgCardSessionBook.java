package dev.recaudo.persistence.card;

import static dev.recaudo.persistence.common.Rows.instant;
import static dev.recaudo.persistence.common.Rows.uuid;

import dev.recaudo.application.card.CardSession;
import dev.recaudo.application.card.CardSessionBook;
import dev.recaudo.domain.apikey.KeyEnvironment;
import dev.recaudo.domain.common.TenantScope;
import dev.recaudo.domain.money.CurrencyCode;
import dev.recaudo.domain.money.Money;
import dev.recaudo.persistence.common.AdvisoryLocks;
import dev.recaudo.persistence.common.NativeSql;
import dev.recaudo.persistence.common.Rows;
import dev.recaudo.persistence.common.StoreFailures;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.UUID;

/**
 * The checkouts' card sessions, {@code card_sessions}: its one owner. The lock of a checkout's
 * sessions is an advisory transaction lock on the checkout's id, not the checkout's row, whose lock
 * the completion takes after the invoice's (taking it first here would order the two the other way).
 */
@ApplicationScoped
@StoreFailures
public class PgCardSessionBook implements CardSessionBook {

    private static final String LIVE = "state IN ('opening', 'open')";

    @Inject
    NativeSql nativeSql;

    @Override
    public void lock(TenantScope scope, UUID checkoutId) {
        AdvisoryLocks.lockIdentity(nativeSql, "card-sessions", scope, checkoutId.toString());
    }

    @Override
    public Optional<CardSession> latest(TenantScope scope, UUID checkoutId) {
        return nativeSql.queryOne("SELECT * FROM card_sessions WHERE company_id = ? AND is_test = ? AND checkout_id = ?"
                        + " ORDER BY n DESC LIMIT 1", PgCardSessionBook::session,
                scope.companyId().value(), scope.isTest(), checkoutId);
    }

    @Override
    public Optional<CardSession> bySessionId(String sessionId) {
        return nativeSql.queryOne("SELECT * FROM card_sessions WHERE session_id = ?", PgCardSessionBook::session, sessionId);
    }

    @Override
    public void insert(CardSession session) {
        nativeSql.update("INSERT INTO card_sessions (checkout_id, n, company_id, is_test, rail, session_id, url, amount_minor,"
                        + " currency, state, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                session.checkoutId(), session.n(), session.scope().companyId().value(), session.scope().isTest(), session.rail(),
                session.sessionId().orElse(null), session.url().orElse(null), session.amount().amountMinor(),
                session.amount().currency().name(), wire(session.state()), session.createdAt(), session.updatedAt());
    }

    @Override
    public void update(CardSession session) {
        nativeSql.update("UPDATE card_sessions SET session_id = ?, url = ?, state = ?, updated_at = ?"
                        + " WHERE checkout_id = ? AND n = ?",
                session.sessionId().orElse(null), session.url().orElse(null), wire(session.state()), session.updatedAt(),
                session.checkoutId(), session.n());
    }

    @Override
    public List<CardSession> openBefore(KeyEnvironment environment, Instant before, int limit) {
        return nativeSql.query("SELECT * FROM card_sessions WHERE " + LIVE + " AND is_test = ? AND updated_at < ?"
                        + " ORDER BY updated_at, checkout_id LIMIT ?",
                PgCardSessionBook::session, environment == KeyEnvironment.TEST, before, limit);
    }

    private static String wire(CardSession.State state) {
        return state.name().toLowerCase(Locale.ROOT);
    }

    private static CardSession session(ResultSet row) throws SQLException {
        return new CardSession(Rows.scope(row), uuid(row, "checkout_id"), row.getInt("n"), row.getString("rail"),
                Optional.ofNullable(row.getString("session_id")), Optional.ofNullable(row.getString("url")),
                Money.of(row.getLong("amount_minor"), CurrencyCode.valueOf(row.getString("currency"))),
                CardSession.State.valueOf(row.getString("state").toUpperCase(Locale.ROOT)), instant(row, "created_at"),
                instant(row, "updated_at"));
    }
}

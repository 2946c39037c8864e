package dev.recaudo.persistence.admin;

import static dev.recaudo.persistence.common.Rows.instant;
import static dev.recaudo.persistence.common.Rows.uuid;

import dev.recaudo.domain.admin.AdminUserId;
import dev.recaudo.domain.admin.ConsoleSession;
import dev.recaudo.domain.admin.TokenDigest;
import dev.recaudo.domain.admin.ConsoleSessionStore;
import dev.recaudo.domain.apikey.KeyEnvironment;
import dev.recaudo.domain.common.WireNamed;
import dev.recaudo.domain.company.CompanyId;
import dev.recaudo.persistence.common.NativeSql;
import dev.recaudo.persistence.common.StoreFailures;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.time.Instant;
import java.util.Optional;

/**
 * Console sessions in native SQL, one statement each: looked up by their hash on every console
 * request, as API keys are on every API request ({@link dev.recaudo.persistence.apikey.PgApiKeyRepository}).
 */
@ApplicationScoped
@StoreFailures
public class PgConsoleSessions implements ConsoleSessionStore {

    @Inject
    NativeSql nativeSql;

    @Override
    public void insert(ConsoleSession session) {
        nativeSql.update("INSERT INTO console_sessions (id_hash, company_id, admin_user_id, environment, created_at, last_seen_at,"
                + " ends_at) VALUES (?, ?, ?, ?, ?, ?, ?)",
                session.idHash().value(),
                session.companyId().value(),
                session.adminUserId().value(),
                session.environment().wireName(),
                session.createdAt(),
                session.lastSeenAt(),
                session.endsAt());
    }

    @Override
    public Optional<ConsoleSession> findOpen(TokenDigest idHash) {
        return nativeSql.queryOne("SELECT id_hash, company_id, admin_user_id, environment, created_at, last_seen_at, ends_at"
                + " FROM console_sessions WHERE id_hash = ? AND ended_at IS NULL", row -> new ConsoleSession(
                        new TokenDigest(row.getBytes("id_hash")),
                        new CompanyId(uuid(row, "company_id")),
                        new AdminUserId(uuid(row, "admin_user_id")),
                        WireNamed.find(KeyEnvironment.values(), row.getString("environment")).orElseThrow(),
                        instant(row, "created_at"),
                        instant(row, "last_seen_at"),
                        instant(row, "ends_at")),
                idHash.value());
    }

    @Override
    public void touch(TokenDigest idHash, Instant seenAt) {
        nativeSql.update("UPDATE console_sessions SET last_seen_at = greatest(last_seen_at, ?) WHERE id_hash = ? AND ended_at IS NULL",
                seenAt, idHash.value());
    }

    @Override
    public void switchEnvironment(TokenDigest idHash, KeyEnvironment environment) {
        nativeSql.update("UPDATE console_sessions SET environment = ? WHERE id_hash = ? AND ended_at IS NULL",
                environment.wireName(), idHash.value());
    }

    @Override
    public void end(TokenDigest idHash, Instant endedAt) {
        nativeSql.update("UPDATE console_sessions SET ended_at = ? WHERE id_hash = ? AND ended_at IS NULL", endedAt, idHash.value());
    }

    @Override
    public int endAllOf(AdminUserId adminUserId, Instant endedAt) {
        return nativeSql.update("UPDATE console_sessions SET ended_at = ? WHERE admin_user_id = ? AND ended_at IS NULL", endedAt,
                adminUserId.value());
    }

    /** Removes up to {@code batchSize} sessions that ended before {@code instant}, ended early or not; answers how many. */
    public int purgeEndedBefore(Instant instant, int batchSize) {
        return nativeSql.update("DELETE FROM console_sessions WHERE id_hash IN (SELECT id_hash FROM console_sessions"
                + " WHERE ends_at < ? LIMIT ?)", instant, batchSize);
    }
}

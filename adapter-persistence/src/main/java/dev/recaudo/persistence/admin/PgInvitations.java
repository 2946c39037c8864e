package dev.recaudo.persistence.admin;

import static dev.recaudo.persistence.common.Rows.instant;
import static dev.recaudo.persistence.common.Rows.uuid;

import dev.recaudo.domain.admin.AdminUserId;
import dev.recaudo.domain.admin.Invitation;
import dev.recaudo.domain.admin.InvitationStore;
import dev.recaudo.domain.admin.TokenDigest;
import dev.recaudo.domain.admin.UserRole;
import dev.recaudo.domain.common.WireNamed;
import dev.recaudo.domain.company.CompanyId;
import dev.recaudo.persistence.common.NativeSql;
import dev.recaudo.persistence.common.StoreFailures;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.UUID;

/** A company's invitations in native SQL; accepting and revoking are conditional updates, so each happens once. */
@ApplicationScoped
@StoreFailures
public class PgInvitations implements InvitationStore {

    private static final String COLUMNS = "SELECT id, company_id, email, role, token_hash, invited_by, created_at, expires_at"
            + " FROM company_invitations";

    @Inject
    NativeSql nativeSql;

    @Override
    public void insert(Invitation invitation) {
        nativeSql.update("INSERT INTO company_invitations (id, company_id, email, role, token_hash, invited_by, created_at, expires_at)"
                + " VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                invitation.id(),
                invitation.companyId().value(),
                invitation.email(),
                invitation.role().wireName(),
                invitation.tokenDigest().value(),
                invitation.invitedBy().value(),
                invitation.createdAt(),
                invitation.expiresAt());
    }

    @Override
    public Optional<Invitation> findOpen(TokenDigest tokenDigest) {
        return nativeSql.queryOne(COLUMNS + " WHERE token_hash = ? AND accepted_at IS NULL AND revoked_at IS NULL",
                PgInvitations::invitation, tokenDigest.value());
    }

    @Override
    public boolean accept(UUID invitationId, Instant acceptedAt) {
        return nativeSql.update("UPDATE company_invitations SET accepted_at = ? WHERE id = ? AND accepted_at IS NULL"
                + " AND revoked_at IS NULL AND expires_at > ?", acceptedAt, invitationId, acceptedAt) == 1;
    }

    @Override
    public boolean revoke(CompanyId companyId, UUID invitationId, Instant revokedAt) {
        return nativeSql.update("UPDATE company_invitations SET revoked_at = ? WHERE company_id = ? AND id = ?"
                + " AND accepted_at IS NULL AND revoked_at IS NULL", revokedAt, companyId.value(), invitationId) == 1;
    }

    @Override
    public int revokeAllBy(CompanyId companyId, AdminUserId invitedBy, Instant revokedAt) {
        return nativeSql.update("UPDATE company_invitations SET revoked_at = ? WHERE company_id = ? AND invited_by = ?"
                + " AND accepted_at IS NULL AND revoked_at IS NULL", revokedAt, companyId.value(), invitedBy.value());
    }

    @Override
    public List<Invitation> listOpen(CompanyId companyId, Instant now) {
        return nativeSql.query(COLUMNS + " WHERE company_id = ? AND accepted_at IS NULL AND revoked_at IS NULL AND expires_at > ?"
                + " ORDER BY created_at DESC, id", PgInvitations::invitation, companyId.value(), now);
    }

    private static Invitation invitation(ResultSet row) throws SQLException {
        return new Invitation(uuid(row, "id"), new CompanyId(uuid(row, "company_id")), row.getString("email"),
                WireNamed.find(UserRole.values(), row.getString("role")).orElseThrow(), new TokenDigest(row.getBytes("token_hash")),
                new AdminUserId(uuid(row, "invited_by")), instant(row, "created_at"), instant(row, "expires_at"));
    }
}

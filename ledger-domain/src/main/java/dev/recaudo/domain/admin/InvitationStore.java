package dev.recaudo.domain.admin;

import dev.recaudo.domain.company.CompanyId;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.UUID;

/** Outbound port: the invitations administrators made, shared by every instance. */
public interface InvitationStore {

    void insert(Invitation invitation);

    /** The invitation with this token's digest, unless accepted or revoked. */
    Optional<Invitation> findOpen(TokenDigest tokenDigest);

    /** Marks it accepted unless it was accepted, revoked or expired meanwhile; answers whether this call did. */
    boolean accept(UUID invitationId, Instant acceptedAt);

    /** Revokes a company's invitation unless accepted; answers whether this call did. */
    boolean revoke(CompanyId companyId, UUID invitationId, Instant revokedAt);

    /** Revokes every open invitation a person made (they are no longer an administrator); answers how many. */
    int revokeAllBy(CompanyId companyId, AdminUserId invitedBy, Instant revokedAt);

    /** A company's invitations neither accepted, revoked nor expired at {@code now}, newest first. */
    List<Invitation> listOpen(CompanyId companyId, Instant now);
}

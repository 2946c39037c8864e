package dev.recaudo.application.fakes;

import dev.recaudo.domain.admin.AdminUserId;
import dev.recaudo.domain.admin.Invitation;
import dev.recaudo.domain.admin.InvitationStore;
import dev.recaudo.domain.admin.TokenDigest;
import dev.recaudo.domain.company.CompanyId;
import java.time.Instant;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;

/** Invitations in memory, with the accepted and revoked ones remembered as the table keeps them. */
public final class InMemoryInvitations implements InvitationStore, TransactionalFake {

    private Map<UUID, Invitation> all = new LinkedHashMap<>();
    private Map<UUID, Instant> closed = new HashMap<>();

    @Override
    public void insert(Invitation invitation) {
        all.put(invitation.id(), invitation);
    }

    @Override
    public Optional<Invitation> findOpen(TokenDigest tokenDigest) {
        return all.values().stream().filter(invitation -> invitation.tokenDigest().equals(tokenDigest))
                .filter(invitation -> !closed.containsKey(invitation.id())).findFirst();
    }

    @Override
    public boolean accept(UUID invitationId, Instant acceptedAt) {
        Invitation invitation = all.get(invitationId);
        return invitation != null && invitation.openAt(acceptedAt) && closed.putIfAbsent(invitationId, acceptedAt) == null;
    }

    @Override
    public boolean revoke(CompanyId companyId, UUID invitationId, Instant revokedAt) {
        Invitation invitation = all.get(invitationId);
        return invitation != null && invitation.companyId().equals(companyId) && closed.putIfAbsent(invitationId, revokedAt) == null;
    }

    @Override
    public int revokeAllBy(CompanyId companyId, AdminUserId invitedBy, Instant revokedAt) {
        List<UUID> theirs = all.values().stream().filter(invitation -> invitation.companyId().equals(companyId)
                && invitation.invitedBy().equals(invitedBy) && !closed.containsKey(invitation.id())).map(Invitation::id).toList();
        theirs.forEach(id -> closed.put(id, revokedAt));
        return theirs.size();
    }

    @Override
    public List<Invitation> listOpen(CompanyId companyId, Instant now) {
        return all.values().stream().filter(invitation -> invitation.companyId().equals(companyId))
                .filter(invitation -> !closed.containsKey(invitation.id()) && invitation.openAt(now))
                .sorted(Comparator.comparing(Invitation::createdAt).reversed()).toList();
    }

    @Override
    public Runnable captureRollback() {
        Map<UUID, Invitation> savedAll = new LinkedHashMap<>(all);
        Map<UUID, Instant> savedClosed = new HashMap<>(closed);
        return () -> {
            all = savedAll;
            closed = savedClosed;
        };
    }
}

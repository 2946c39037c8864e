package dev.recaudo.application.admin;

import dev.recaudo.application.admin.AdminAuthenticationUseCase.AdminPrincipal;
import dev.recaudo.application.common.Transactions;
import dev.recaudo.domain.admin.AdminUser;
import dev.recaudo.domain.admin.AdminUserId;
import dev.recaudo.domain.admin.AdminUserRepository;
import dev.recaudo.domain.admin.ConsoleSessionStore;
import dev.recaudo.domain.admin.Invitation;
import dev.recaudo.domain.admin.InvitationStore;
import dev.recaudo.domain.admin.PasswordHasher;
import dev.recaudo.domain.admin.TokenDigest;
import dev.recaudo.domain.admin.UserRole;
import dev.recaudo.domain.common.EmailAddress;
import dev.recaudo.domain.common.InsertOutcome;
import dev.recaudo.domain.company.Company;
import dev.recaudo.domain.company.CompanyId;
import dev.recaudo.domain.company.CompanyRepository;
import java.security.SecureRandom;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import java.util.function.Function;

/**
 * A company's people. Whatever may leave the company without an administrator (a role changed, a
 * person removed) runs under the company's row lock, with the acting administrator read again under
 * it, so two administrators demoting each other at once leave one of them an administrator. Whoever
 * stops being an administrator loses the invitations they made. An invitation's token is a
 * {@link RandomTokens} token, kept as its digest; accepting it, under the same lock, needs its
 * inviter still an administrator of an enabled company, and inserts the person and marks it
 * accepted in one transaction, so it makes one person however often it is sent.
 */
public final class CompanyUsersService implements CompanyUsersUseCase {

    /** How long an invitation's link may be used. */
    public static final Duration INVITATION_LIFETIME = Duration.ofDays(7);

    private final AdminUserRepository people;
    private final InvitationStore invitations;
    private final ConsoleSessionStore sessions;
    private final CompanyRepository companies;
    private final PasswordHasher hasher;
    private final Transactions transactions;
    private final SecureRandom random;
    private final Clock clock;

    public CompanyUsersService(AdminUserRepository people, InvitationStore invitations, ConsoleSessionStore sessions,
            CompanyRepository companies, PasswordHasher hasher, Transactions transactions, SecureRandom random, Clock clock) {
        this.people = people;
        this.invitations = invitations;
        this.sessions = sessions;
        this.companies = companies;
        this.hasher = hasher;
        this.transactions = transactions;
        this.random = random;
        this.clock = clock;
    }

    @Override
    public List<Person> people(CompanyId companyId) {
        return people.list(companyId).stream().map(user -> new Person(user.id(), user.email(), user.role(), user.createdAt())).toList();
    }

    @Override
    public List<PendingInvitation> invitations(CompanyId companyId) {
        return invitations.listOpen(companyId, clock.instant()).stream().map(CompanyUsersService::pending).toList();
    }

    @Override
    public Invited invite(AdminPrincipal by, String email, UserRole role) {
        if (administrator(by).isEmpty()) {
            return new Invited.Refused(Outcome.FORBIDDEN);
        }
        if (email == null || !EmailAddress.isValid(email.trim())) {
            return new Invited.Refused(Outcome.EMAIL_INVALID);
        }
        if (people.findByEmail(AdminUser.normalizeEmail(email)).isPresent()) {
            return new Invited.Refused(Outcome.EMAIL_TAKEN);
        }
        String token = RandomTokens.next(random);
        Instant now = clock.instant();
        Invitation invitation = new Invitation(UUID.randomUUID(), by.companyId(), email, role, TokenDigest.of(token), by.adminUserId(),
                now, now.plus(INVITATION_LIFETIME));
        invitations.insert(invitation);
        return new Invited.Made(pending(invitation), token);
    }

    @Override
    public Optional<PendingInvitation> invitation(String token) {
        return open(token).map(CompanyUsersService::pending);
    }

    @Override
    public Joined accept(String token, String password) {
        Optional<Invitation> found = open(token);
        if (found.isEmpty()) {
            return new Joined.Refused(Outcome.NOT_FOUND);
        }
        if (!AdminUser.acceptablePassword(password)) {
            return new Joined.Refused(Outcome.PASSWORD_REFUSED);
        }
        Invitation invitation = found.get();
        AdminUser person = new AdminUser(AdminUserId.random(), invitation.companyId(), invitation.email(), hasher.hash(password),
                invitation.role(), clock.instant());
        try {
            return transactions.inTransaction(() -> {
                boolean open = companies.lock(invitation.companyId()).filter(Company::enabled).isPresent()
                        && people.find(invitation.companyId(), invitation.invitedBy()).filter(inviter -> inviter.role() == UserRole.ADMIN)
                                .isPresent();
                if (!open) {
                    return new Joined.Refused(Outcome.NOT_FOUND);
                }
                if (people.insert(person) == InsertOutcome.ALREADY_EXISTS) {
                    return new Joined.Refused(Outcome.EMAIL_TAKEN);
                }
                if (!invitations.accept(invitation.id(), person.createdAt())) {
                    throw new InvitationTakenMeanwhile();
                }
                return new Joined.Member(new AdminPrincipal(person.id(), person.companyId(), person.email(), person.role()));
            });
        } catch (InvitationTakenMeanwhile taken) {
            return new Joined.Refused(Outcome.NOT_FOUND);
        }
    }

    @Override
    public Outcome changeRole(AdminPrincipal by, AdminUserId person, UserRole role) {
        return underCompanyLock(by, person, target -> {
            if (target.role() == UserRole.ADMIN && role != UserRole.ADMIN && lastAdministrator(by.companyId())) {
                return Outcome.LAST_ADMINISTRATOR;
            }
            people.changeRole(by.companyId(), person, role);
            if (role != UserRole.ADMIN) {
                invitations.revokeAllBy(by.companyId(), person, clock.instant());
            }
            return Outcome.DONE;
        });
    }

    @Override
    public Outcome remove(AdminPrincipal by, AdminUserId person) {
        return underCompanyLock(by, person, target -> {
            if (target.role() == UserRole.ADMIN && lastAdministrator(by.companyId())) {
                return Outcome.LAST_ADMINISTRATOR;
            }
            people.remove(by.companyId(), person);
            invitations.revokeAllBy(by.companyId(), person, clock.instant());
            return Outcome.DONE;
        });
    }

    @Override
    public Outcome revokeInvitation(AdminPrincipal by, UUID invitationId) {
        if (administrator(by).isEmpty()) {
            return Outcome.FORBIDDEN;
        }
        return invitations.revoke(by.companyId(), invitationId, clock.instant()) ? Outcome.DONE : Outcome.NOT_FOUND;
    }

    @Override
    public Outcome changePassword(AdminPrincipal who, String newPassword) {
        if (!AdminUser.acceptablePassword(newPassword)) {
            return Outcome.PASSWORD_REFUSED;
        }
        String hash = hasher.hash(newPassword);
        return transactions.inTransaction(() -> {
            if (people.find(who.companyId(), who.adminUserId()).isEmpty()) {
                return Outcome.NOT_FOUND;
            }
            people.changePasswordHash(who.companyId(), who.adminUserId(), hash);
            sessions.endAllOf(who.adminUserId(), clock.instant());
            return Outcome.DONE;
        });
    }

    private Optional<Invitation> open(String token) {
        if (!RandomTokens.wellFormed(token)) {
            return Optional.empty();
        }
        return invitations.findOpen(TokenDigest.of(token)).filter(invitation -> invitation.openAt(clock.instant()));
    }

    /**
     * Runs {@code change} on a person of the administrator's company, with the company's row locked
     * and {@code by} still one of its administrators under the lock (not only when the request began).
     */
    private Outcome underCompanyLock(AdminPrincipal by, AdminUserId person, Function<AdminUser, Outcome> change) {
        return transactions.inTransaction(() -> {
            companies.lock(by.companyId());
            if (administrator(by).isEmpty()) {
                return Outcome.FORBIDDEN;
            }
            return people.find(by.companyId(), person).map(change).orElse(Outcome.NOT_FOUND);
        });
    }

    /** {@code by} as the store has them now, if still an administrator of their company. */
    private Optional<AdminUser> administrator(AdminPrincipal by) {
        return people.find(by.companyId(), by.adminUserId()).filter(user -> user.role() == UserRole.ADMIN);
    }

    private boolean lastAdministrator(CompanyId companyId) {
        return people.list(companyId).stream().filter(user -> user.role() == UserRole.ADMIN).count() <= 1;
    }

    private static PendingInvitation pending(Invitation invitation) {
        return new PendingInvitation(invitation.id(), invitation.email(), invitation.role(), invitation.expiresAt());
    }

    /** Another request accepted (or an administrator revoked) the invitation between the lookup and the insert: nothing is kept. */
    private static final class InvitationTakenMeanwhile extends IllegalStateException {
        InvitationTakenMeanwhile() {
            super("the invitation was accepted or revoked meanwhile");
        }
    }
}

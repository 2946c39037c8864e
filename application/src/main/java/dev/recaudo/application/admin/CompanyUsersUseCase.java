package dev.recaudo.application.admin;

import dev.recaudo.application.admin.AdminAuthenticationUseCase.AdminPrincipal;
import dev.recaudo.domain.admin.AdminUserId;
import dev.recaudo.domain.admin.UserRole;
import dev.recaudo.domain.company.CompanyId;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.UUID;

/**
 * Inbound port: the people of a company (docs/console.md). An administrator invites a person by
 * e-mail with a role, changes a person's role and removes a person; an invited person sets a password
 * by accepting the invitation; everyone changes their own password. A company always keeps at least
 * one administrator. Every change is made by a signed-in person ({@code by}), whom the audit names.
 */
public interface CompanyUsersUseCase {

    List<Person> people(CompanyId companyId);

    /** A company's invitations that may still be accepted, newest first. */
    List<PendingInvitation> invitations(CompanyId companyId);

    Invited invite(AdminPrincipal by, String email, UserRole role);

    /** The invitation a link's token names, while it may be accepted. */
    Optional<PendingInvitation> invitation(String token);

    Joined accept(String token, String password);

    Outcome changeRole(AdminPrincipal by, AdminUserId person, UserRole role);

    Outcome remove(AdminPrincipal by, AdminUserId person);

    Outcome revokeInvitation(AdminPrincipal by, UUID invitationId);

    /**
     * Sets the signed-in person's password, once the caller checked the current one, and ends every
     * session of theirs on every instance.
     */
    Outcome changePassword(AdminPrincipal who, String newPassword);

    record Person(AdminUserId id, String email, UserRole role, Instant since) {}

    record PendingInvitation(UUID id, String email, UserRole role, Instant expiresAt) {}

    /** An invitation made, or why not. */
    sealed interface Invited {
        /** Made: {@code token} goes into the link given to the person, and is shown nowhere else. */
        record Made(PendingInvitation invitation, String token) implements Invited {}

        record Refused(Outcome reason) implements Invited {}
    }

    /** An invitation accepted, or why not. */
    sealed interface Joined {
        record Member(AdminPrincipal person) implements Joined {}

        record Refused(Outcome reason) implements Joined {}
    }

    enum Outcome {
        DONE,
        /** The person or the invitation is not the company's, or no longer there. */
        NOT_FOUND,
        /** Only an administrator may do this. */
        FORBIDDEN,
        /** The company would be left without an administrator. */
        LAST_ADMINISTRATOR,
        /** Someone already signs in with this e-mail. */
        EMAIL_TAKEN,
        EMAIL_INVALID,
        /** Shorter than 8 characters, or longer than 72 bytes. */
        PASSWORD_REFUSED
    }
}

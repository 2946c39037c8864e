package dev.recaudo.application.company;

import dev.recaudo.application.common.Rollback;
import dev.recaudo.application.common.Transactions;
import dev.recaudo.domain.admin.AdminUser;
import dev.recaudo.domain.admin.AdminUserId;
import dev.recaudo.domain.admin.AdminUserRepository;
import dev.recaudo.domain.admin.PasswordHasher;
import dev.recaudo.domain.admin.UserRole;
import dev.recaudo.domain.company.Company;
import dev.recaudo.domain.company.CompanyId;
import dev.recaudo.domain.company.CompanyRepository;
import dev.recaudo.domain.company.WhatsAppOrigin;
import dev.recaudo.domain.common.InsertOutcome;
import java.time.Clock;
import java.time.Instant;
import java.util.Optional;
import java.util.UUID;

public final class CompanyAdministrationService implements CompanyAdministrationUseCase {

    private final CompanyRepository companies;
    private final AdminUserRepository admins;
    private final PasswordHasher passwordHasher;
    private final Transactions transactions;
    private final Clock clock;

    public CompanyAdministrationService(
            CompanyRepository companies,
            AdminUserRepository admins,
            PasswordHasher passwordHasher,
            Transactions transactions,
            Clock clock) {
        this.companies = companies;
        this.admins = admins;
        this.passwordHasher = passwordHasher;
        this.transactions = transactions;
        this.clock = clock;
    }

    @Override
    public OnboardingResult onboard(OnboardCompany command) {
        // Hash outside the transaction: it is slow on purpose and needs no database.
        String passwordHash = passwordHasher.hash(command.adminPassword());
        String email = AdminUser.normalizeEmail(command.adminEmail());
        return transactions.inTransactionOrRollback(OnboardingResult.class, () -> {
            Instant now = clock.instant();
            Company company = new Company(
                    CompanyId.random(), command.name().trim(), command.referenceCurrency(), command.timeZone(),
                    command.enabled(), now);
            companies.insert(company);
            AdminUser admin = new AdminUser(AdminUserId.random(), company.id(), email, passwordHash, UserRole.ADMIN, now);
            if (admins.insert(admin) == InsertOutcome.ALREADY_EXISTS) {
                // Rolls back the company written before the e-mail turned out to be taken.
                throw new Rollback(new OnboardingResult.AdminEmailTaken());
            }
            return new OnboardingResult.Onboarded(company, admin.id());
        });
    }

    @Override
    public UpdateResult update(UpdateCompany command) {
        return transactions.inTransaction(() -> {
            Optional<Company> found = companies.lock(command.companyId());
            if (found.isEmpty()) {
                return new UpdateResult.CompanyNotFound();
            }
            Company company = found.get();
            if (command.enabled().isPresent()) {
                company = company.withEnabled(command.enabled().get());
            }
            if (command.referenceCurrency().isPresent()) {
                company = company.withReferenceCurrency(command.referenceCurrency().get().newValue());
            }
            if (command.timeZone().isPresent()) {
                company = company.withTimeZone(command.timeZone().get());
            }
            companies.update(company);
            return new UpdateResult.Updated(company);
        });
    }

    @Override
    public OriginResult registerWhatsAppOrigin(CompanyId companyId, String phoneNumberId, String displayPhoneNumber) {
        return transactions.inTransaction(() -> {
            if (companies.lock(companyId).isEmpty()) {
                return new OriginResult.CompanyNotFound();
            }
            WhatsAppOrigin origin =
                    new WhatsAppOrigin(UUID.randomUUID(), companyId, phoneNumberId, displayPhoneNumber, clock.instant());
            if (companies.insertWhatsAppOrigin(origin) == InsertOutcome.ALREADY_EXISTS) {
                WhatsAppOrigin existing = companies.findWhatsAppOrigin(phoneNumberId).orElseThrow();
                return existing.companyId().equals(companyId)
                        ? new OriginResult.Registered(existing, false)
                        : new OriginResult.OwnedByAnotherCompany();
            }
            return new OriginResult.Registered(origin, true);
        });
    }
}

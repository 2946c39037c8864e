package dev.recaudo.application.company;

import dev.recaudo.domain.admin.AdminUserId;
import dev.recaudo.domain.company.Company;
import dev.recaudo.domain.company.CompanyId;
import dev.recaudo.domain.company.WhatsAppOrigin;
import dev.recaudo.domain.money.CurrencyCode;
import java.util.Optional;

/** Inbound port of the platform operator: companies, their first administrator and their origins. */
public interface CompanyAdministrationUseCase {

    OnboardingResult onboard(OnboardCompany command);

    UpdateResult update(UpdateCompany command);

    OriginResult registerWhatsAppOrigin(CompanyId companyId, String phoneNumberId, String displayPhoneNumber);

    record OnboardCompany(
            String name,
            Optional<CurrencyCode> referenceCurrency,
            boolean enabled,
            String adminEmail,
            String adminPassword) {}

    /**
     * A partial update: an empty field keeps its value. {@code referenceCurrency} present but empty
     * inside removes the financial configuration.
     */
    record UpdateCompany(CompanyId companyId, Optional<Boolean> enabled, Optional<ReferenceCurrencyChange> referenceCurrency) {}

    /** The new reference currency; an empty value removes it. */
    record ReferenceCurrencyChange(Optional<CurrencyCode> newValue) {}

    sealed interface OnboardingResult {
        record Onboarded(Company company, AdminUserId adminUserId) implements OnboardingResult {}

        record AdminEmailTaken() implements OnboardingResult {}
    }

    sealed interface UpdateResult {
        record Updated(Company company) implements UpdateResult {}

        record CompanyNotFound() implements UpdateResult {}
    }

    sealed interface OriginResult {
        /** {@code created} is false when the company had already registered this origin. */
        record Registered(WhatsAppOrigin origin, boolean created) implements OriginResult {}

        record CompanyNotFound() implements OriginResult {}

        record OwnedByAnotherCompany() implements OriginResult {}
    }
}

package dev.recaudo.application.company;

import dev.recaudo.domain.admin.AdminUserId;
import dev.recaudo.domain.company.Company;
import dev.recaudo.domain.company.CompanyId;
import dev.recaudo.domain.company.WhatsAppOrigin;
import dev.recaudo.domain.money.CurrencyCode;
import java.time.ZoneId;
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
            String adminPassword,
            ZoneId timeZone) {

        /** A company whose time zone is not said keeps {@link Company#DEFAULT_TIME_ZONE}. */
        public OnboardCompany(String name, Optional<CurrencyCode> referenceCurrency, boolean enabled, String adminEmail,
                String adminPassword) {
            this(name, referenceCurrency, enabled, adminEmail, adminPassword, Company.DEFAULT_TIME_ZONE);
        }
    }

    /**
     * A partial update: an empty field keeps its value. {@code referenceCurrency} present but empty
     * inside removes the financial configuration.
     */
    record UpdateCompany(
            CompanyId companyId, Optional<Boolean> enabled, Optional<ReferenceCurrencyChange> referenceCurrency, Optional<ZoneId> timeZone) {

        public UpdateCompany(CompanyId companyId, Optional<Boolean> enabled, Optional<ReferenceCurrencyChange> referenceCurrency) {
            this(companyId, enabled, referenceCurrency, Optional.empty());
        }

        /** The one change a company's administrator makes to its company: where its days begin. */
        public static UpdateCompany timeZone(CompanyId companyId, ZoneId timeZone) {
            return new UpdateCompany(companyId, Optional.empty(), Optional.empty(), Optional.of(timeZone));
        }
    }

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

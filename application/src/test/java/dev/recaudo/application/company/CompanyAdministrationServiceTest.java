package dev.recaudo.application.company;

import static dev.recaudo.application.fixtures.CompanyFixture.company;
import static org.assertj.core.api.Assertions.assertThat;

import dev.recaudo.application.company.CompanyAdministrationUseCase.OnboardCompany;
import dev.recaudo.application.company.CompanyAdministrationUseCase.OnboardingResult;
import dev.recaudo.application.company.CompanyAdministrationUseCase.OnboardingResult.AdminEmailTaken;
import dev.recaudo.application.company.CompanyAdministrationUseCase.OnboardingResult.Onboarded;
import dev.recaudo.application.company.CompanyAdministrationUseCase.OriginResult;
import dev.recaudo.application.company.CompanyAdministrationUseCase.OriginResult.OwnedByAnotherCompany;
import dev.recaudo.application.company.CompanyAdministrationUseCase.OriginResult.Registered;
import dev.recaudo.application.company.CompanyAdministrationUseCase.ReferenceCurrencyChange;
import dev.recaudo.application.company.CompanyAdministrationUseCase.UpdateCompany;
import dev.recaudo.application.company.CompanyAdministrationUseCase.UpdateResult;
import dev.recaudo.application.company.CompanyAdministrationUseCase.UpdateResult.Updated;
import dev.recaudo.application.fakes.FakePasswordHasher;
import dev.recaudo.application.fakes.InMemoryAdminUserRepository;
import dev.recaudo.application.fakes.InMemoryCompanyRepository;
import dev.recaudo.application.fakes.MutableClock;
import dev.recaudo.application.fakes.RollbackTransactions;
import dev.recaudo.domain.admin.AdminUser;
import dev.recaudo.domain.company.Company;
import dev.recaudo.domain.company.CompanyId;
import dev.recaudo.domain.company.WhatsAppOrigin;
import dev.recaudo.domain.money.CurrencyCode;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class CompanyAdministrationServiceTest {

    private static final Instant NOW = Instant.parse("2025-03-01T12:00:00Z");
    private static final String PHONE_NUMBER_ID = "106540352242922";
    private static final String DISPLAY_PHONE_NUMBER = "+58 212 555 0101";

    private final MutableClock clock = new MutableClock(NOW);
    private final FakePasswordHasher hasher = new FakePasswordHasher();
    private final InMemoryCompanyRepository companies = new InMemoryCompanyRepository();
    private final InMemoryAdminUserRepository admins = new InMemoryAdminUserRepository();
    private final RollbackTransactions transactions = new RollbackTransactions(companies, admins);
    private final CompanyAdministrationService service =
            new CompanyAdministrationService(companies, admins, hasher, transactions, clock);

    private static OnboardCompany onboarding(String name, String adminEmail) {
        return new OnboardCompany(name, Optional.of(CurrencyCode.VES), true, adminEmail, "s3cret-passw0rd");
    }

    @Test
    void givenNewCompany_whenOnboarding_thenCompanyAndItsAdministratorAreStored() {
        OnboardCompany command =
                new OnboardCompany("  Farmacia Central  ", Optional.of(CurrencyCode.VES), true, " Admin@Farmacia.VE ", "s3cret-passw0rd");

        Onboarded onboarded = onboarded(service.onboard(command));

        Company company = onboarded.company();
        assertThat(companies.all()).containsExactly(company);
        assertThat(company.name()).isEqualTo("Farmacia Central");
        assertThat(company.referenceCurrency()).contains(CurrencyCode.VES);
        assertThat(company.enabled()).isTrue();
        assertThat(company.createdAt()).isEqualTo(NOW);

        AdminUser admin = admins.findByEmail("admin@farmacia.ve").orElseThrow();
        assertThat(admin.id()).isEqualTo(onboarded.adminUserId());
        assertThat(admin.companyId()).isEqualTo(company.id());
        assertThat(admin.createdAt()).isEqualTo(NOW);
        assertThat(admin.passwordHash()).isEqualTo(hasher.hash("s3cret-passw0rd")).isNotEqualTo("s3cret-passw0rd");
        assertThat(transactions.commits()).isEqualTo(1);
    }

    @Test
    void givenCompanyWithoutCurrencyDisabled_whenOnboarding_thenStoredThatWay() {
        OnboardCompany command = new OnboardCompany("Taller Norte", Optional.empty(), false, "ops@taller.co", "pw-12345678");

        Company company = onboarded(service.onboard(command)).company();

        assertThat(company.referenceCurrency()).isEmpty();
        assertThat(company.hasFinancialConfiguration()).isFalse();
        assertThat(company.enabled()).isFalse();
    }

    @Test
    void givenTakenEmail_whenOnboarding_thenAdminEmailTakenAndTheNewCompanyIsRolledBack() {
        Onboarded first = onboarded(service.onboard(onboarding("First", "ana@example.com")));

        OnboardingResult result = service.onboard(onboarding("Second", "ana@example.com"));

        assertThat(result).isEqualTo(new AdminEmailTaken());
        assertThat(companies.all()).containsExactly(first.company());
        assertThat(admins.all()).singleElement().extracting(AdminUser::companyId).isEqualTo(first.company().id());
        assertThat(transactions.rollbacks()).isEqualTo(1);
    }

    @Test
    void givenTakenEmailInAnotherCase_whenOnboarding_thenAdminEmailTaken() {
        onboarded(service.onboard(onboarding("First", "ana@example.com")));

        OnboardingResult result = service.onboard(onboarding("Second", "  ANA@Example.com"));

        assertThat(result).isEqualTo(new AdminEmailTaken());
        assertThat(companies.all()).hasSize(1);
    }

    @Test
    void givenEnabledCompany_whenDisabling_thenOnlyEnabledChanges() {
        Company original = companies.given(company().withReferenceCurrency(CurrencyCode.COP).build());

        UpdateResult result = service.update(new UpdateCompany(original.id(), Optional.of(false), Optional.empty()));

        Company expected = original.withEnabled(false);
        assertThat(result).isEqualTo(new Updated(expected));
        assertThat(companies.find(original.id())).contains(expected);
    }

    @Test
    void givenCompany_whenSettingItsTimeZone_thenOnlyTheZoneChanges() {
        Company original = companies.given(company().withReferenceCurrency(CurrencyCode.COP).build());
        ZoneId bogota = ZoneId.of("America/Bogota");

        UpdateResult result = service.update(UpdateCompany.timeZone(original.id(), bogota));

        assertThat(original.timeZone()).isEqualTo(Company.DEFAULT_TIME_ZONE);
        assertThat(result).isEqualTo(new Updated(original.withTimeZone(bogota)));
        assertThat(companies.find(original.id())).map(Company::timeZone).contains(bogota);
    }

    @Test
    void givenATimeZoneAtOnboarding_thenTheCompanyCountsItsDaysThere() {
        OnboardingResult result = service.onboard(new OnboardCompany("Caracas", Optional.of(CurrencyCode.VES), true,
                "ops@caracas.example", "s3cret-password", ZoneId.of("America/Caracas")));

        assertThat(((Onboarded) result).company().timeZone()).isEqualTo(ZoneId.of("America/Caracas"));
    }

    @Test
    void timeZonesAreRegionsOrUtc() {
        assertThat(Company.timeZoneNamed("America/Bogota")).contains(ZoneId.of("America/Bogota"));
        assertThat(Company.timeZoneNamed("UTC")).contains(Company.DEFAULT_TIME_ZONE);
        assertThat(Company.timeZoneNamed("Z")).isEmpty();
        assertThat(Company.timeZoneNamed("-05:00")).isEmpty();
        assertThat(Company.timeZoneNamed("EST")).isEmpty();
        assertThat(Company.timeZoneNamed("America/Atlantis")).isEmpty();
        assertThat(Company.timeZoneNamed("Etc/GMT+5")).isEmpty();
        assertThat(Company.timeZoneNamed("US/Eastern")).isEmpty();
        assertThat(Company.TIME_ZONE_NAMES).startsWith("UTC").contains("America/Caracas", "America/Costa_Rica", "America/Mexico_City");
        assertThat(Company.timeZoneNamed(null)).isEmpty();
        assertThat(Company.timeZoneNamed("America/" + "x".repeat(80))).isEmpty();
        assertThat(company().build().withTimeZone(ZoneId.of("America/Lima")).timeZoneName()).isEqualTo("America/Lima");
        assertThat(company().build().timeZoneName()).isEqualTo("UTC");
    }

    @Test
    void givenDisabledCompany_whenEnabling_thenEnabled() {
        Company original = companies.given(company().disabled().build());

        service.update(new UpdateCompany(original.id(), Optional.of(true), Optional.empty()));

        assertThat(companies.find(original.id())).map(Company::enabled).contains(true);
    }

    @Test
    void givenCompanyWithoutCurrency_whenSettingReferenceCurrency_thenItHasFinancialConfiguration() {
        Company original = companies.given(company().withoutReferenceCurrency().build());

        UpdateResult result = service.update(new UpdateCompany(
                original.id(), Optional.empty(), Optional.of(new ReferenceCurrencyChange(Optional.of(CurrencyCode.MXN)))));

        Company stored = companies.find(original.id()).orElseThrow();
        assertThat(result).isEqualTo(new Updated(stored));
        assertThat(stored.referenceCurrency()).contains(CurrencyCode.MXN);
        assertThat(stored.hasFinancialConfiguration()).isTrue();
        assertThat(stored.enabled()).isEqualTo(original.enabled());
    }

    @Test
    void givenCompanyWithCurrency_whenRemovingReferenceCurrency_thenNoFinancialConfiguration() {
        Company original = companies.given(company().withReferenceCurrency(CurrencyCode.USD).build());

        service.update(new UpdateCompany(
                original.id(), Optional.empty(), Optional.of(new ReferenceCurrencyChange(Optional.empty()))));

        Company stored = companies.find(original.id()).orElseThrow();
        assertThat(stored.referenceCurrency()).isEmpty();
        assertThat(stored.hasFinancialConfiguration()).isFalse();
    }

    @Test
    void givenNoChangeNamed_whenUpdating_thenEveryFieldKeepsItsValue() {
        Company original = companies.given(company().withReferenceCurrency(CurrencyCode.CRC).disabled().build());

        UpdateResult result = service.update(new UpdateCompany(original.id(), Optional.empty(), Optional.empty()));

        assertThat(result).isEqualTo(new Updated(original));
        assertThat(companies.find(original.id())).contains(original);
    }

    @Test
    void givenBothChanges_whenUpdating_thenBothApplied() {
        Company original = companies.given(company().withoutReferenceCurrency().build());

        service.update(new UpdateCompany(
                original.id(), Optional.of(false), Optional.of(new ReferenceCurrencyChange(Optional.of(CurrencyCode.USD)))));

        Company stored = companies.find(original.id()).orElseThrow();
        assertThat(stored.enabled()).isFalse();
        assertThat(stored.referenceCurrency()).contains(CurrencyCode.USD);
    }

    @Test
    void givenUnknownCompany_whenUpdating_thenCompanyNotFoundAndNothingWritten() {
        Company other = companies.given(company().build());

        UpdateResult result = service.update(new UpdateCompany(CompanyId.random(), Optional.of(false), Optional.empty()));

        assertThat(result).isEqualTo(new UpdateResult.CompanyNotFound());
        assertThat(companies.all()).containsExactly(other);
    }

    @Test
    void givenCompany_whenRegisteringNewOrigin_thenCreatedAndStored() {
        Company company = companies.given(company().build());

        OriginResult result = service.registerWhatsAppOrigin(company.id(), PHONE_NUMBER_ID, DISPLAY_PHONE_NUMBER);

        Registered registered = registered(result);
        assertThat(registered.created()).isTrue();
        assertThat(registered.origin().companyId()).isEqualTo(company.id());
        assertThat(registered.origin().phoneNumberId()).isEqualTo(PHONE_NUMBER_ID);
        assertThat(registered.origin().displayPhoneNumber()).isEqualTo(DISPLAY_PHONE_NUMBER);
        assertThat(registered.origin().createdAt()).isEqualTo(NOW);
        assertThat(companies.findWhatsAppOrigin(PHONE_NUMBER_ID)).contains(registered.origin());
    }

    @Test
    void givenOriginOfTheSameCompany_whenRegisteringAgain_thenRegisteredNotCreatedWithTheExistingOrigin() {
        Company company = companies.given(company().build());
        WhatsAppOrigin first =
                registered(service.registerWhatsAppOrigin(company.id(), PHONE_NUMBER_ID, DISPLAY_PHONE_NUMBER)).origin();
        clock.advance(Duration.ofHours(1));

        OriginResult result = service.registerWhatsAppOrigin(company.id(), PHONE_NUMBER_ID, "+58 212 555 9999");

        assertThat(result).isEqualTo(new Registered(first, false));
        assertThat(companies.allOrigins()).containsExactly(first);
    }

    @Test
    void givenOriginOfAnotherCompany_whenRegistering_thenOwnedByAnotherCompanyAndOwnerUnchanged() {
        Company owner = companies.given(company().build());
        Company latecomer = companies.given(company().build());
        WhatsAppOrigin owned =
                registered(service.registerWhatsAppOrigin(owner.id(), PHONE_NUMBER_ID, DISPLAY_PHONE_NUMBER)).origin();

        OriginResult result = service.registerWhatsAppOrigin(latecomer.id(), PHONE_NUMBER_ID, DISPLAY_PHONE_NUMBER);

        assertThat(result).isEqualTo(new OwnedByAnotherCompany());
        assertThat(companies.findWhatsAppOrigin(PHONE_NUMBER_ID)).contains(owned);
    }

    @Test
    void givenUnknownCompany_whenRegisteringOrigin_thenCompanyNotFoundAndNothingStored() {
        OriginResult result = service.registerWhatsAppOrigin(CompanyId.random(), PHONE_NUMBER_ID, DISPLAY_PHONE_NUMBER);

        assertThat(result).isEqualTo(new OriginResult.CompanyNotFound());
        assertThat(companies.allOrigins()).isEmpty();
    }

    @Test
    void givenCompany_whenRegisteringTwoDifferentNumbers_thenBothCreated() {
        Company company = companies.given(company().build());

        Registered first = registered(service.registerWhatsAppOrigin(company.id(), "111", "+1 555 0001"));
        Registered second = registered(service.registerWhatsAppOrigin(company.id(), "222", "+1 555 0002"));

        assertThat(first.created()).isTrue();
        assertThat(second.created()).isTrue();
        assertThat(companies.allOrigins()).extracting(WhatsAppOrigin::phoneNumberId).containsExactly("111", "222");
    }

    private static Onboarded onboarded(OnboardingResult result) {
        assertThat(result).isInstanceOf(Onboarded.class);
        return (Onboarded) result;
    }

    private static Registered registered(OriginResult result) {
        assertThat(result).isInstanceOf(Registered.class);
        return (Registered) result;
    }
}

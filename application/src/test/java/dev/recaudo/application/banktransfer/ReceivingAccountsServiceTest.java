package dev.recaudo.application.banktransfer;

import static dev.recaudo.application.fixtures.CompanyFixture.company;
import static org.assertj.core.api.Assertions.assertThat;

import dev.recaudo.application.banktransfer.ReceivingAccountsUseCase.NewAccount;
import dev.recaudo.application.banktransfer.ReceivingAccountsUseCase.RegisterResult;
import dev.recaudo.application.fakes.DirectTransactions;
import dev.recaudo.application.fakes.InMemoryCompanyRepository;
import dev.recaudo.application.fakes.InMemoryReceivingAccounts;
import dev.recaudo.domain.company.CompanyId;
import dev.recaudo.domain.money.CurrencyCode;
import java.time.Clock;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class ReceivingAccountsServiceTest {

    private final InMemoryCompanyRepository companies = new InMemoryCompanyRepository();
    private final InMemoryReceivingAccounts accounts = new InMemoryReceivingAccounts();
    private final ReceivingAccountsService service = new ReceivingAccountsService(accounts, companies, new DirectTransactions(),
            Clock.systemUTC());
    private final CompanyId companyId = companies.given(company().build()).id();

    private static NewAccount account() {
        return new NewAccount("Banco", Optional.of("0102"), Optional.empty(), "Acme", CurrencyCode.USD);
    }

    @Test
    void givenTheActiveMaximum_whenRegistering_thenLimitReachedUntilOneIsDeactivated() {
        RegisterResult first = null;
        for (int i = 0; i < ReceivingAccountsService.ACTIVE_MAX; i++) {
            RegisterResult result = service.register(companyId, account());
            assertThat(result).isInstanceOf(RegisterResult.Registered.class);
            first = first == null ? result : first;
        }
        assertThat(service.register(companyId, account())).isEqualTo(new RegisterResult.LimitReached(ReceivingAccountsService.ACTIVE_MAX));
        assertThat(companies.locks()).isEqualTo(ReceivingAccountsService.ACTIVE_MAX + 1);

        assertThat(service.deactivate(companyId, ((RegisterResult.Registered) first).account().id())).isTrue();
        assertThat(service.register(companyId, account())).isInstanceOf(RegisterResult.Registered.class);
    }

    @Test
    void givenAnotherCompanysAccount_whenDeactivating_thenFalseAndItStaysActive() {
        RegisterResult.Registered registered = (RegisterResult.Registered) service.register(companyId, account());
        CompanyId other = companies.given(company().build()).id();
        assertThat(service.deactivate(other, registered.account().id())).isFalse();
        assertThat(service.list(companyId)).singleElement().matches(a -> a.active());
        assertThat(service.list(other)).isEmpty();
    }

    @Test
    void givenAnAccount_whenItsCsvMappingIsSet_thenItsImportsReadItAndOtherCompaniesCannotSetOne() {
        java.util.UUID id = ((RegisterResult.Registered) service.register(companyId, account())).account().id();
        assertThat(service.csvMapping(companyId, id)).contains(dev.recaudo.domain.banktransfer.CsvMapping.DEFAULT);
        dev.recaudo.domain.banktransfer.CsvMapping mapping = new dev.recaudo.domain.banktransfer.CsvMapping(
                java.util.Map.of("amount", "Monto"), ',', "dd/MM/yyyy", Optional.of("Reverso"));

        assertThat(service.setCsvMapping(companyId, id, mapping)).isTrue();
        assertThat(service.csvMapping(companyId, id)).contains(mapping);
        CompanyId other = companies.given(company().build()).id();
        assertThat(service.setCsvMapping(other, id, mapping)).isFalse();
        assertThat(service.csvMapping(other, id)).isEmpty();
        assertThat(service.csvMapping(companyId, java.util.UUID.randomUUID())).isEmpty();
    }
}

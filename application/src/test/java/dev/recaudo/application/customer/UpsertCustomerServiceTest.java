package dev.recaudo.application.customer;

import static org.assertj.core.api.Assertions.assertThat;

import dev.recaudo.application.customer.UpsertCustomerUseCase.UpsertResult;
import dev.recaudo.application.fakes.DirectTransactions;
import dev.recaudo.application.fakes.InMemoryCustomerRepository;
import dev.recaudo.application.fakes.InMemoryUpsertOrder;
import dev.recaudo.application.fakes.MutableClock;
import dev.recaudo.domain.apikey.KeyEnvironment;
import dev.recaudo.domain.common.TenantScope;
import dev.recaudo.domain.company.CompanyId;
import dev.recaudo.domain.customer.Customer;
import dev.recaudo.domain.customer.CustomerLink;
import dev.recaudo.domain.customer.CustomerProfile;
import java.time.Instant;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** One customer per tax identity, each partner's data its own: the upsert's rules without a database. */
class UpsertCustomerServiceTest {

    private static final TenantScope SCOPE = new TenantScope(CompanyId.random(), KeyEnvironment.LIVE);
    private static final Instant SIGNED = Instant.parse("2026-11-22T09:59:00Z");

    private final InMemoryCustomerRepository customers = new InMemoryCustomerRepository();
    private final InMemoryUpsertOrder order = new InMemoryUpsertOrder();
    private final UpsertCustomerService service =
            new UpsertCustomerService(customers, order, new DirectTransactions(),
                    new MutableClock(Instant.parse("2026-11-22T10:00:00Z")));

    private static CustomerProfile profile(String name, String email, String taxId) {
        return new CustomerProfile(Optional.empty(), name, Optional.ofNullable(email), Optional.empty(),
                Optional.ofNullable(taxId), Optional.empty());
    }

    private CustomerLink created(String source, String externalId, CustomerProfile profile) {
        UpsertResult result = service.upsert(SCOPE, source, externalId, profile, SIGNED);
        assertThat(result).isInstanceOf(UpsertResult.Created.class);
        return ((UpsertResult.Created) result).customer();
    }

    @Test
    void givenAnotherPartnersTaxpayer_whenAPartnerUpsertsTheSameTaxIdentity_thenLinkedWithItsOwnDataAndTheOthersUntouched() {
        CustomerProfile alice = profile("Alice", "alice@real.test", "V-11111111");
        CustomerLink first = created("erpA", "A-C1", alice);
        Customer asCreated = customers.find(SCOPE, first.companyCustomerId()).orElseThrow();

        CustomerLink second = created("erpB", "B-X", profile("EVIL", "attacker@evil.test", "V11111111"));

        assertThat(second.companyCustomerId()).isEqualTo(first.companyCustomerId());
        assertThat(second.profile().name()).isEqualTo("EVIL");
        assertThat(customers.findLink(SCOPE, "erpA", "A-C1").orElseThrow()).isEqualTo(first);
        assertThat(customers.find(SCOPE, first.companyCustomerId()).orElseThrow()).isEqualTo(asCreated);

        UpsertResult update = service.upsert(SCOPE, "erpB", "B-X", profile("EVIL 2", "attacker@evil.test", "V11111111"), SIGNED);
        assertThat(update).isInstanceOf(UpsertResult.Updated.class);
        assertThat(customers.findLink(SCOPE, "erpA", "A-C1").orElseThrow().profile()).isEqualTo(alice);
        assertThat(customers.find(SCOPE, first.companyCustomerId()).orElseThrow()).isEqualTo(asCreated);
    }

    @Test
    void givenTheSameData_whenUpsertingAgain_thenUnchangedAndNothingWritten() {
        created("erpA", "A-C1", profile("Alice", null, "V-1"));
        int writes = customers.writes();
        assertThat(service.upsert(SCOPE, "erpA", "A-C1", profile("Alice", null, "V-1"), SIGNED)).isInstanceOf(UpsertResult.Unchanged.class);
        assertThat(customers.writes()).isEqualTo(writes);
    }

    @Test
    void givenACustomerWithATaxIdentity_whenItsPartnerNamesAnother_thenRefusedWhetherTakenOrFree() {
        created("erpA", "A-C1", profile("Alice", null, "V-1"));
        created("erpA", "A-C2", profile("Bob", null, "V-2"));
        int writes = customers.writes();
        assertThat(service.upsert(SCOPE, "erpA", "A-C2", profile("Bob", null, "V-1"), SIGNED)).isInstanceOf(UpsertResult.TaxIdentityChanged.class);
        assertThat(service.upsert(SCOPE, "erpA", "A-C2", profile("Bob", null, "V-3"), SIGNED)).isInstanceOf(UpsertResult.TaxIdentityChanged.class);
        assertThat(customers.writes()).isEqualTo(writes);
        // Another spelling of the same identity, or no tax id at all, is only the partner's data.
        assertThat(service.upsert(SCOPE, "erpA", "A-C2", profile("Bob", null, "v 2"), SIGNED)).isInstanceOf(UpsertResult.Updated.class);
        assertThat(service.upsert(SCOPE, "erpA", "A-C2", profile("Bob", null, null), SIGNED)).isInstanceOf(UpsertResult.Updated.class);
        assertThat(customers.findByTaxIdentity(SCOPE, "V2")).isPresent();
    }

    @Test
    void givenACustomerWithoutTaxIdentity_whenItsPartnerGivesOne_thenItTakesItUnlessAnotherCustomerHasIt() {
        created("erpA", "A-C1", profile("Alice", null, "V-1"));
        CustomerLink anonymous = created("erpA", "A-C2", profile("Bob", null, null));

        assertThat(service.upsert(SCOPE, "erpA", "A-C2", profile("Bob", null, "V-1"), SIGNED))
                .isInstanceOf(UpsertResult.TaxIdentityTaken.class);
        assertThat(service.upsert(SCOPE, "erpA", "A-C2", profile("Bob", null, "V-2"), SIGNED))
                .isInstanceOf(UpsertResult.Updated.class);
        assertThat(customers.findByTaxIdentity(SCOPE, "V2").map(Customer::id)).contains(anonymous.companyCustomerId());
    }

    @Test
    void givenAnUpsertApplied_whenAnUpsertSignedEarlierComes_thenStaleAndTheNewerDataStays() {
        CustomerLink newer = created("erpA", "A-C1", profile("Alice 2", null, "V-1"));

        UpsertResult older = service.upsert(SCOPE, "erpA", "A-C1", profile("Alice 1", null, "V-1"), SIGNED.minusSeconds(1));

        assertThat(older).isInstanceOf(UpsertResult.Stale.class);
        assertThat(customers.findLink(SCOPE, "erpA", "A-C1").orElseThrow()).isEqualTo(newer);
    }

    @Test
    void givenAnUpsertApplied_whenAnotherSignedInTheSameSecondComes_thenApplied() {
        created("erpA", "A-C1", profile("Alice 1", null, "V-1"));

        UpsertResult same = service.upsert(SCOPE, "erpA", "A-C1", profile("Alice 2", null, "V-1"), SIGNED);

        assertThat(same).isInstanceOf(UpsertResult.Updated.class);
        assertThat(customers.findLink(SCOPE, "erpA", "A-C1").orElseThrow().profile().name()).isEqualTo("Alice 2");
    }

    @Test
    void givenAnUpsertOfOnePartnersCustomer_whenAnotherCustomerOrPartnerIsUpsertedSignedEarlier_thenEachIsInOrderOnItsOwn() {
        created("erpA", "A-C1", profile("Alice", null, "V-1"));

        assertThat(service.upsert(SCOPE, "erpA", "A-C2", profile("Bob", null, "V-2"), SIGNED.minusSeconds(60)))
                .isInstanceOf(UpsertResult.Created.class);
        assertThat(service.upsert(SCOPE, "erpB", "A-C1", profile("Alice B", null, "V-1"), SIGNED.minusSeconds(60)))
                .isInstanceOf(UpsertResult.Created.class);
    }
}

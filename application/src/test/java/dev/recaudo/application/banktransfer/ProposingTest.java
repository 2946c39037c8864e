package dev.recaudo.application.banktransfer;

import static dev.recaudo.application.fixtures.DocumentFixture.document;
import static org.assertj.core.api.Assertions.assertThat;

import dev.recaudo.application.fakes.InMemoryProposals;
import dev.recaudo.domain.apikey.KeyEnvironment;
import dev.recaudo.domain.banktransfer.StatementLine;
import dev.recaudo.domain.checkout.Checkout;
import dev.recaudo.domain.common.TenantScope;
import dev.recaudo.domain.company.CompanyId;
import dev.recaudo.domain.money.CurrencyCode;
import dev.recaudo.domain.money.Money;
import java.time.Clock;
import java.time.Instant;
import java.time.LocalDate;
import java.util.Optional;
import java.util.UUID;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

class ProposingTest {

    private final CompanyId companyId = CompanyId.random();
    private final InMemoryProposals proposals = new InMemoryProposals();
    private final Proposing proposing = new Proposing(proposals, Clock.systemUTC());

    private static StatementLine credit(Money amount, String remittance) {
        return new StatementLine(1, amount, true, false, LocalDate.of(2026, 11, 27), Optional.empty(), Optional.of("B-1"),
                Optional.empty(), remittance, Optional.empty(), Optional.empty());
    }

    @Test
    void givenACreditInAnotherCurrencyThanItsReferencedCheckout_thenOneProposalNamingTheCertifiedRatePath() {
        Checkout checkout = Checkout.forBalanceOf(document(new TenantScope(companyId, KeyEnvironment.LIVE)).build(), Instant.now());
        Money other = Money.of(730_000, checkout.amount().currency() == CurrencyCode.VES ? CurrencyCode.USD : CurrencyCode.VES);
        assertThat(proposing.propose(companyId, UUID.randomUUID(), credit(other, "pago"), Optional.of(checkout))).isEqualTo(1);
        assertThat(proposals.made()).singleElement().satisfies(made -> {
            assertThat(made.checkoutId()).isEqualTo(checkout.id());
            assertThat(made.reason()).contains("certified-rate");
        });
    }

    @Test
    void givenSameAmountCheckouts_thenEachProposedAtMostFiveAndSurerWithAMistypedReference() {
        Money amount = Money.of(2000, CurrencyCode.USD);
        UUID only = UUID.randomUUID();
        proposals.pending(amount, only);
        assertThat(proposing.propose(companyId, UUID.randomUUID(), credit(amount, "ref RC12345678987"), Optional.empty())).isEqualTo(1);
        assertThat(proposals.made().get(0).confidence()).isEqualTo(70);
        assertThat(proposals.made().get(0).reason()).contains("wrong check digit");

        Money many = Money.of(500, CurrencyCode.USD);
        IntStream.range(0, 7).forEach(i -> proposals.pending(many, UUID.randomUUID()));
        assertThat(proposing.propose(companyId, UUID.randomUUID(), credit(many, "pago"), Optional.empty())).isEqualTo(5);
        assertThat(proposals.made().get(1).confidence()).isEqualTo(10);
        assertThat(proposing.propose(companyId, UUID.randomUUID(), credit(Money.of(1, CurrencyCode.USD), "x"), Optional.empty()))
                .isZero();
    }

    private static StatementLine creditFrom(Money amount, String payerId) {
        return new StatementLine(1, amount, true, false, LocalDate.of(2026, 11, 27), Optional.empty(), Optional.of("B-2"),
                Optional.empty(), "pago", Optional.of("Maria Perez"), Optional.of(payerId));
    }

    @Test
    void givenThePayersIdIsACustomersTaxId_thenItsCheckoutsAreProposedSurestWithTheSameAmount() {
        Money amount = Money.of(2000, CurrencyCode.USD);
        UUID same = UUID.randomUUID();
        UUID other = UUID.randomUUID();
        proposals.pendingOfCustomer("V12345678", amount, same);
        proposals.pendingOfCustomer("V12345678", Money.of(3000, CurrencyCode.USD), other);
        proposals.pending(amount, same);

        assertThat(proposing.propose(companyId, UUID.randomUUID(), creditFrom(amount, "v-12.345.678"), Optional.empty()))
                .as("a checkout found by two rules is proposed once").isEqualTo(2);
        assertThat(proposals.made()).extracting(InMemoryProposals.Made::checkoutId).containsExactly(same, other);
        assertThat(proposals.made().get(0).confidence()).isEqualTo(85);
        assertThat(proposals.made().get(0).reason()).contains("tax id").contains("same");
        assertThat(proposals.made().get(1).confidence()).isEqualTo(40);
        assertThat(proposals.made().get(1).reason()).contains("tax id").contains("3000");
    }

    @Test
    void givenAPayerIdOfNoCustomer_thenOnlyTheAmountRulesPropose() {
        Money amount = Money.of(2000, CurrencyCode.USD);
        proposals.pendingOfCustomer("J999", amount, UUID.randomUUID());
        assertThat(proposing.propose(companyId, UUID.randomUUID(), creditFrom(amount, "V-1"), Optional.empty())).isZero();
    }

    @Test
    void givenSameAmountCheckoutsOneDueNearTheBooking_thenThatOneIsSurerWithItsReason() {
        Money amount = Money.of(2000, CurrencyCode.USD);
        UUID near = UUID.randomUUID();
        UUID far = UUID.randomUUID();
        proposals.pendingDue(amount, far, LocalDate.of(2026, 11, 1));
        proposals.pendingDue(amount, near, LocalDate.of(2026, 11, 30));

        assertThat(proposing.propose(companyId, UUID.randomUUID(), credit(amount, "pago"), Optional.empty())).isEqualTo(2);
        assertThat(proposals.made()).filteredOn(made -> made.checkoutId().equals(near)).singleElement().satisfies(made -> {
            assertThat(made.confidence()).isEqualTo(65);
            assertThat(made.reason()).contains("due within 3 days");
        });
        assertThat(proposals.made()).filteredOn(made -> made.checkoutId().equals(far)).singleElement().satisfies(made -> {
            assertThat(made.confidence()).isEqualTo(40);
            assertThat(made.reason()).doesNotContain("due");
        });
    }
}

package dev.recaudo.application.banktransfer;

import static dev.recaudo.application.fixtures.DocumentFixture.document;
import static org.assertj.core.api.Assertions.assertThat;

import dev.recaudo.application.banktransfer.TransferInstructionsUseCase.TransferInstructions;
import dev.recaudo.application.fakes.InMemoryCheckoutRepository;
import dev.recaudo.application.fakes.InMemoryPaymentReferences;
import dev.recaudo.application.fakes.InMemoryReceivingAccounts;
import dev.recaudo.domain.apikey.KeyEnvironment;
import dev.recaudo.domain.banktransfer.PaymentReference;
import dev.recaudo.domain.banktransfer.ReceivingAccount;
import dev.recaudo.domain.checkout.Checkout;
import dev.recaudo.domain.common.TenantScope;
import dev.recaudo.domain.company.CompanyId;
import dev.recaudo.domain.money.CurrencyCode;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayDeque;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import org.junit.jupiter.api.Test;

class TransferInstructionsServiceTest {

    private final CompanyId companyId = CompanyId.random();
    private final TenantScope live = new TenantScope(companyId, KeyEnvironment.LIVE);
    private final InMemoryCheckoutRepository checkouts = new InMemoryCheckoutRepository();
    private final InMemoryReceivingAccounts accounts = new InMemoryReceivingAccounts();
    private final InMemoryPaymentReferences references = new InMemoryPaymentReferences();
    private final ArrayDeque<Long> serials = new ArrayDeque<>(List.of(7L, 7L, 8L));
    private final TransferInstructionsService service = new TransferInstructionsService(checkouts, accounts, references,
            serials::removeFirst, Clock.systemUTC());

    private Checkout checkout(TenantScope scope) {
        Checkout checkout = Checkout.forBalanceOf(document(scope).build(), Instant.now());
        checkouts.insert(checkout);
        return checkout;
    }

    private void account(CurrencyCode currency) {
        accounts.insert(new ReceivingAccount(UUID.randomUUID(), companyId, "Banco", Optional.of("0102"), Optional.empty(),
                "Acme", currency, true, Instant.now()));
    }

    @Test
    void givenALiveCheckoutAndAnAccountInItsCurrency_whenAskedTwice_thenOneStableReferenceAndTheExactAmount() {
        Checkout checkout = checkout(live);
        account(checkout.amount().currency());
        TransferInstructions first = service.forCheckout(checkout.id()).orElseThrow();
        assertThat(first.reference()).isEqualTo(PaymentReference.ofSerial(7));
        assertThat(first.amount()).isEqualTo(checkout.amount());
        assertThat(first.accounts()).hasSize(1);
        assertThat(service.forCheckout(checkout.id()).orElseThrow().reference()).isEqualTo(first.reference());
        assertThat(references.checkoutOf(first.reference()).orElseThrow().checkoutId()).isEqualTo(checkout.id());
    }

    @Test
    void givenADrawnSerialAlreadyTaken_whenIssuing_thenTheNextDrawIsKept() {
        Checkout one = checkout(live);
        Checkout two = checkout(live);
        account(one.amount().currency());
        service.forCheckout(one.id());
        assertThat(service.forCheckout(two.id()).orElseThrow().reference()).isEqualTo(PaymentReference.ofSerial(8));
    }

    @Test
    void givenATestCheckoutOrNoAccountInItsCurrency_thenNoTransferOffered() {
        Checkout test = checkout(new TenantScope(companyId, KeyEnvironment.TEST));
        Checkout liveOne = checkout(live);
        account(liveOne.amount().currency() == CurrencyCode.VES ? CurrencyCode.USD : CurrencyCode.VES);
        assertThat(service.forCheckout(liveOne.id())).isEmpty();
        account(test.amount().currency());
        assertThat(service.forCheckout(test.id())).isEmpty();
        assertThat(service.forCheckout(UUID.randomUUID())).isEmpty();
        assertThat(references.of(live, liveOne.id())).isEmpty();
    }
}

package dev.recaudo.application.banktransfer;

import static dev.recaudo.application.fixtures.DocumentFixture.document;
import static org.assertj.core.api.Assertions.assertThat;

import dev.recaudo.application.banktransfer.ProposalsUseCase.Decision;
import dev.recaudo.application.fakes.Unused;
import dev.recaudo.application.refund.MoneyReturnedUseCase;
import dev.recaudo.domain.payment.PaymentRepository;
import dev.recaudo.application.fakes.DirectTransactions;
import dev.recaudo.application.fakes.InMemoryBankStatements;
import dev.recaudo.application.fakes.InMemoryCheckoutRepository;
import dev.recaudo.application.fakes.InMemoryPayerReports;
import dev.recaudo.application.fakes.InMemoryPaymentReferences;
import dev.recaudo.application.fakes.InMemoryProposals;
import dev.recaudo.application.invoice.CheckoutPaymentUseCase;
import dev.recaudo.application.invoice.InvoiceView;
import dev.recaudo.application.invoice.SandboxUseCase;
import dev.recaudo.domain.apikey.KeyEnvironment;
import dev.recaudo.domain.banktransfer.PaymentReference;
import dev.recaudo.domain.banktransfer.SecondConfirmations;
import dev.recaudo.domain.banktransfer.StatementLine;
import dev.recaudo.domain.banktransfer.StatementSummary.Counts;
import dev.recaudo.domain.checkout.Checkout;
import dev.recaudo.domain.common.TenantScope;
import dev.recaudo.domain.company.CompanyId;
import dev.recaudo.domain.document.CollectionDocument;
import dev.recaudo.domain.document.DocumentId;
import dev.recaudo.domain.money.CurrencyCode;
import dev.recaudo.domain.money.Money;
import java.time.Clock;
import java.time.Instant;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/**
 * One credit proposed for two checkouts of its amount pays one of them; a credit whose invoice no
 * longer takes it is confirmed as the customer's credit, its entry CREDITED and nothing conciliated.
 */
class ProposalsServiceTest {

    private final CompanyId companyId = CompanyId.random();
    private final TenantScope live = new TenantScope(companyId, KeyEnvironment.LIVE);
    private final InMemoryBankStatements statements = new InMemoryBankStatements();
    private final InMemoryProposals proposals = new InMemoryProposals(statements);
    private final InMemoryCheckoutRepository checkouts = new InMemoryCheckoutRepository();
    private final List<UUID> taken = new ArrayList<>();
    private final List<DocumentId> conciliated = new ArrayList<>();
    private CheckoutPaymentUseCase.CheckoutPayment answer;

    private final CheckoutPaymentUseCase payments = new CheckoutPaymentUseCase() {
        @Override
        public CheckoutPayment pay(TenantScope scope, Optional<String> source, UUID checkoutId) {
            throw new UnsupportedOperationException("a statement credit is taken, never paid by the sandbox");
        }

        @Override
        public CheckoutPayment taken(TenantScope scope, UUID checkoutId, Money amount, String providerReference) {
            taken.add(checkoutId);
            return answer;
        }
    };

    private final SandboxUseCase conciliation = new SandboxUseCase() {
        @Override
        public SandboxResult completeCheckout(TenantScope scope, Optional<String> source, UUID checkoutId) {
            throw new UnsupportedOperationException();
        }

        @Override
        public SandboxResult failCheckout(TenantScope scope, Optional<String> source, UUID checkoutId) {
            throw new UnsupportedOperationException();
        }

        @Override
        public SandboxResult conciliate(TenantScope scope, Optional<String> source, DocumentId invoiceId) {
            conciliated.add(invoiceId);
            return new SandboxResult.NotFound();
        }
    };

    private static final UUID CLERK = UUID.randomUUID();
    private static final UUID OTHER_CLERK = UUID.randomUUID();

    private ProposalsService service = new ProposalsService(proposals, checkouts, statements, payments, conciliation,
            new SecondConfirmations(Map.of()), new DirectTransactions(), Clock.systemUTC());

    private Checkout pendingCheckout() {
        CollectionDocument invoice = document(live).build();
        Checkout checkout = Checkout.forBalanceOf(invoice, Instant.now());
        checkouts.insert(checkout);
        answer = new CheckoutPaymentUseCase.CheckoutPayment.Paid(new InvoiceView(invoice, Optional.of(checkout), Optional.empty()));
        return checkout;
    }

    /** A proposed entry of {@code amount}, with one open proposal per checkout; answers the proposals' ids. */
    private List<UUID> proposed(UUID entryId, Money amount, Checkout... forCheckouts) {
        StatementLine line = new StatementLine(1, amount, true, false, LocalDate.of(2026, 11, 27), Optional.empty(),
                Optional.of("BNK-9"), Optional.empty(), "pago", Optional.empty(), Optional.empty());
        statements.insertEntry(companyId, UUID.randomUUID(), UUID.randomUUID(), entryId, line, line.identity("s"), Instant.now());
        statements.markEntry(companyId, entryId, "PROPOSED", Optional.empty());
        proposals.entry(entryId, line);
        List<UUID> ids = new ArrayList<>();
        for (Checkout checkout : forCheckouts) {
            UUID id = UUID.randomUUID();
            proposals.insert(companyId, id, entryId, checkout.id(), 40, "same amount and currency", Instant.now());
            ids.add(id);
        }
        return ids;
    }

    @Test
    void givenOneCreditProposedForTwoCheckouts_whenBothAreConfirmed_thenOnePaysAndTheOtherIsSuperseded() {
        Checkout first = pendingCheckout();
        Checkout second = pendingCheckout();
        UUID entryId = UUID.randomUUID();
        List<UUID> ids = proposed(entryId, first.amount(), first, second);

        assertThat(service.confirm(companyId, ids.get(0), CLERK)).isEqualTo(new Decision.Decided("CONFIRMED", Optional.of("paid")));
        assertThat(proposals.statusOf(ids.get(1))).isEqualTo("SUPERSEDED");
        assertThat(statements.statusOf(entryId)).contains("MATCHED");
        assertThat(service.confirm(companyId, ids.get(1), CLERK)).isEqualTo(new Decision.AlreadyDecided("SUPERSEDED"));
        assertThat(taken).containsExactly(first.id());
        assertThat(conciliated).containsExactly(first.documentId());
    }

    @Test
    void givenACreditAboveItsCurrencysAmount_whenConfirmed_thenTheFirstPersonIsRecordedAndOnlyAnotherPersonAppliesIt() {
        Checkout checkout = pendingCheckout();
        service = new ProposalsService(proposals, checkouts, statements, payments, conciliation,
                new SecondConfirmations(Map.of(checkout.amount().currency(), checkout.amount().amountMinor() - 1)),
                new DirectTransactions(), Clock.systemUTC());
        UUID entryId = UUID.randomUUID();
        UUID id = proposed(entryId, checkout.amount(), checkout).get(0);

        assertThat(service.confirm(companyId, id, CLERK)).isEqualTo(new Decision.AwaitingSecondPerson());
        assertThat(proposals.statusOf(id)).isEqualTo("OPEN");
        assertThat(service.confirm(companyId, id, CLERK)).isEqualTo(new Decision.Refused(ProposalsService.SAME_PERSON));
        assertThat(taken).isEmpty();
        assertThat(statements.statusOf(entryId)).contains("PROPOSED");

        assertThat(service.confirm(companyId, id, OTHER_CLERK)).isEqualTo(new Decision.Decided("CONFIRMED", Optional.of("paid")));
        assertThat(taken).containsExactly(checkout.id());
        assertThat(service.confirm(companyId, id, CLERK)).isEqualTo(new Decision.AlreadyDecided("CONFIRMED"));
    }

    @Test
    void aCreditAtItsCurrencysAmountOrOfACurrencyWithoutOneNeedsOnePerson() {
        SecondConfirmations rule = new SecondConfirmations(Map.of(CurrencyCode.USD, 1_000_00L));
        assertThat(rule.needed(Money.of(1_000_00, CurrencyCode.USD))).isFalse();
        assertThat(rule.needed(Money.of(1_000_01, CurrencyCode.USD))).isTrue();
        assertThat(rule.needed(Money.of(999_999_999_00L, CurrencyCode.VES))).isFalse();
    }

    @Test
    void givenAnOpenProposalOfAnEntryAlreadyApplied_whenConfirmed_thenRefusedAndNothingTaken() {
        Checkout checkout = pendingCheckout();
        UUID entryId = UUID.randomUUID();
        UUID id = proposed(entryId, checkout.amount(), checkout).get(0);
        statements.markEntry(companyId, entryId, "MATCHED", Optional.of(UUID.randomUUID()));

        assertThat(service.confirm(companyId, id, CLERK)).isEqualTo(new Decision.Refused(ProposalsService.ENTRY_APPLIED));
        assertThat(proposals.statusOf(id)).isEqualTo("OPEN");
        assertThat(taken).isEmpty();
    }

    @Test
    void givenAnInvoiceThatNoLongerTakesTheCredit_whenConfirmed_thenConfirmedAsCreditTheEntryCreditedAndNothingConciliated() {
        Checkout first = pendingCheckout();
        Checkout second = pendingCheckout();
        answer = new CheckoutPaymentUseCase.CheckoutPayment.Credited(first.amount());
        UUID entryId = UUID.randomUUID();
        List<UUID> ids = proposed(entryId, first.amount(), first, second);

        assertThat(service.confirm(companyId, ids.get(0), CLERK)).isEqualTo(new Decision.Decided("CONFIRMED", Optional.of("credited")));
        assertThat(proposals.statusOf(ids.get(0))).isEqualTo("CONFIRMED");
        assertThat(proposals.statusOf(ids.get(1))).isEqualTo("SUPERSEDED");
        assertThat(statements.statusOf(entryId)).contains("CREDITED");
        assertThat(conciliated).isEmpty();
        assertThat(service.confirm(companyId, ids.get(1), CLERK)).isInstanceOf(Decision.AlreadyDecided.class);
        assertThat(taken).containsExactly(first.id());
    }

    @Test
    void givenAnInvoiceThatTakesNothing_whenConfirmed_thenRefusedAndTheProposalStaysOpen() {
        Checkout checkout = pendingCheckout();
        answer = new CheckoutPaymentUseCase.CheckoutPayment.NotPayable("the invoice is VOID and cannot be paid");
        UUID entryId = UUID.randomUUID();
        UUID id = proposed(entryId, checkout.amount(), checkout).get(0);

        assertThat(service.confirm(companyId, id, CLERK)).isInstanceOf(Decision.Refused.class);
        assertThat(proposals.statusOf(id)).isEqualTo("OPEN");
        assertThat(statements.statusOf(entryId)).contains("PROPOSED");
    }

    @Test
    void givenAReferencedCreditWhoseInvoiceNoLongerTakesIt_whenImported_thenTheEntryIsCreditedAndNothingConciliated() {
        Checkout checkout = pendingCheckout();
        answer = new CheckoutPaymentUseCase.CheckoutPayment.Credited(checkout.amount());
        InMemoryPaymentReferences references = new InMemoryPaymentReferences();
        PaymentReference reference = PaymentReference.ofSerial(4242);
        references.offer(live, checkout.id(), reference, Instant.now());
        ReferenceMatching matching = new ReferenceMatching(references, checkouts, statements, payments, conciliation,
                new Proposing(proposals, Clock.systemUTC()),
                new ClaimMatching(new InMemoryPayerReports(), checkouts, proposals, Clock.systemUTC()),
                new ReversalMatching(statements, Unused.port(PaymentRepository.class), Unused.port(MoneyReturnedUseCase.class)));
        StatementLine line = new StatementLine(1, checkout.amount(), true, false, LocalDate.of(2026, 11, 27), Optional.empty(),
                Optional.of("BNK-7"), Optional.empty(), "pago " + reference.value(), Optional.empty(), Optional.empty());
        UUID entryId = UUID.randomUUID();
        statements.insertEntry(companyId, UUID.randomUUID(), UUID.randomUUID(), entryId, line, line.identity("s"), Instant.now());

        assertThat(matching.match(companyId, UUID.randomUUID(), entryId, line)).isEqualTo(new Counts(0, 0, 1, 0, 0));
        assertThat(statements.statusOf(entryId)).contains("CREDITED");
        assertThat(taken).containsExactly(checkout.id());
        assertThat(conciliated).isEmpty();
    }
}

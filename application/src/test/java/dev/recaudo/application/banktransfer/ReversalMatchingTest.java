package dev.recaudo.application.banktransfer;

import static dev.recaudo.application.fixtures.Amounts.usd;
import static dev.recaudo.application.fixtures.DocumentFixture.document;
import static org.assertj.core.api.Assertions.assertThat;

import dev.recaudo.application.externalpayment.PaymentProcessor;
import dev.recaudo.application.externalpayment.Processors;
import dev.recaudo.application.fakes.InMemoryBankStatements;
import dev.recaudo.application.fakes.InMemoryBooks;
import dev.recaudo.application.fakes.Unused;
import dev.recaudo.application.invoice.CheckoutPaymentService;
import dev.recaudo.application.refund.RefundsService;
import dev.recaudo.domain.apikey.KeyEnvironment;
import dev.recaudo.domain.banktransfer.StatementLine;
import dev.recaudo.domain.banktransfer.StatementSummary.Counts;
import dev.recaudo.domain.common.TenantScope;
import dev.recaudo.domain.company.CompanyId;
import dev.recaudo.domain.document.CollectionDocument;
import dev.recaudo.domain.document.DocumentStatus;
import dev.recaudo.domain.money.Money;
import dev.recaudo.domain.refund.Refund;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.util.Optional;
import java.util.UUID;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * A bank's reversal of a credit that paid an invoice's checkout returns the payment's money through
 * the refund path once; a reversal whose credit paid nothing stays unmatched and moves nothing.
 */
class ReversalMatchingTest {

    private static final CompanyId COMPANY = CompanyId.random();
    private static final TenantScope LIVE = new TenantScope(COMPANY, KeyEnvironment.LIVE);
    private static final UUID ACCOUNT = UUID.randomUUID();

    private final InMemoryBooks books = new InMemoryBooks();
    private final InMemoryBankStatements statements = new InMemoryBankStatements();
    private final RefundsService refunds = new RefundsService(books.externalPayments(), books.refunds(), books.payments(),
            books.documents(), books.ledger(), books.book(), books.outbox(),
            new Processors(Unused.port(PaymentProcessor.class), Optional.<PaymentProcessor>empty()), books.transactions(),
            books.clock(), Duration.ofMinutes(2));
    private final ReversalMatching reversals = new ReversalMatching(statements, books.payments(), refunds);

    @AfterEach
    void theBooksBalance() {
        books.assertBalanced();
    }

    private static StatementLine line(Money amount, boolean credit, boolean reversal, String bankReference) {
        return new StatementLine(1, amount, credit, reversal, LocalDate.of(2026, 11, 27), Optional.empty(),
                Optional.of(bankReference), Optional.empty(), "pago", Optional.empty(), Optional.empty());
    }

    private UUID kept(StatementLine line, String identity) {
        UUID entryId = UUID.randomUUID();
        assertThat(statements.insertEntry(COMPANY, ACCOUNT, UUID.randomUUID(), entryId, line, identity, Instant.now())).isTrue();
        return entryId;
    }

    /** An invoice paid by the credit {@code BNK-9} as the statement's matching pays it. */
    private CollectionDocument paidByCredit(UUID creditEntry) {
        CollectionDocument invoice = books.givenIssued(document(LIVE).withExternalId("INV-" + UUID.randomUUID())
                .withTotal(usd(5_000)).build());
        UUID checkoutId = books.checkouts().current(LIVE, invoice.id()).orElseThrow().id();
        new CheckoutPaymentService(books.documents(), books.checkouts(), books.payments(), books.ledger(), books.book(),
                books.transactions(), books.metrics(), books.clock())
                .taken(LIVE, checkoutId, usd(5_000), ReferenceMatching.PROVIDER + ":BNK-9");
        statements.markEntry(COMPANY, creditEntry, "MATCHED", Optional.of(checkoutId));
        return invoice;
    }

    @Test
    void givenAMatchedCredit_whenItsReversalIsImported_thenItsPaymentIsReturnedOnceAndTheInvoiceOwesAgain() {
        UUID credit = kept(line(usd(5_000), true, false, "BNK-9"), "ref:BNK-9");
        CollectionDocument invoice = paidByCredit(credit);
        UUID reversal = kept(line(usd(5_000), false, true, "BNK-9"), "ref-rvsl-dbit:BNK-9");

        Counts counts = reversals.match(COMPANY, ACCOUNT, reversal, line(usd(5_000), false, true, "BNK-9"));
        UUID again = kept(line(usd(5_000), false, true, "BNK-9"), "another identity");
        Counts second = reversals.match(COMPANY, ACCOUNT, again, line(usd(5_000), false, true, "BNK-9"));

        assertThat(counts).isEqualTo(new Counts(0, 0, 1, 0, 0));
        assertThat(second).isEqualTo(new Counts(0, 0, 0, 0, 1));
        assertThat(statements.statusOf(credit)).contains("REVERSED");
        assertThat(statements.statusOf(reversal)).contains("MATCHED");
        assertThat(statements.statusOf(again)).contains("UNMATCHED");
        assertThat(books.refunds().all()).singleElement().satisfies(refund -> {
            assertThat(refund.amount()).isEqualTo(usd(5_000));
            assertThat(refund.externalPaymentId()).isEmpty();
        });
        CollectionDocument reopened = books.document(invoice);
        assertThat(reopened.status()).isEqualTo(DocumentStatus.CREATED);
        assertThat(reopened.balance()).isEqualTo(usd(5_000));
        assertThat(books.outbox().ofType("invoice.refunded")).hasSize(1);
    }

    @Test
    void givenAReversalWhoseCreditPaidNothingOrOfAnotherAmount_whenImported_thenUnmatchedAndNothingMoves() {
        UUID credit = kept(line(usd(5_000), true, false, "BNK-9"), "ref:BNK-9");
        paidByCredit(credit);
        UUID unknown = kept(line(usd(5_000), false, true, "BNK-404"), "ref-rvsl-dbit:BNK-404");
        UUID otherAmount = kept(line(usd(4_000), false, true, "BNK-9"), "ref-rvsl-dbit:BNK-9");

        assertThat(reversals.match(COMPANY, ACCOUNT, unknown, line(usd(5_000), false, true, "BNK-404")))
                .isEqualTo(new Counts(0, 0, 0, 0, 1));
        assertThat(reversals.match(COMPANY, ACCOUNT, otherAmount, line(usd(4_000), false, true, "BNK-9")))
                .isEqualTo(new Counts(0, 0, 0, 0, 1));
        assertThat(statements.statusOf(credit)).contains("MATCHED");
        assertThat(books.refunds().all()).extracting(Refund::amount).isEmpty();
    }
}

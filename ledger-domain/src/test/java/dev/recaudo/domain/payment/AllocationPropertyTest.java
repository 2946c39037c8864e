package dev.recaudo.domain.payment;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

import dev.recaudo.domain.document.DocumentId;
import dev.recaudo.domain.money.CurrencyCode;
import dev.recaudo.domain.money.Money;
import dev.recaudo.domain.payment.Allocation.DocumentApplication;
import dev.recaudo.domain.payment.Allocation.ListedDocument;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/**
 * Verified payments allocated one after another over a small book of open documents, each checked
 * against a model that keeps the balances in a map of longs and reads the outcome straight off the
 * decision table: every payment's amount is conserved, no document takes more than it owes or was
 * listed for, the documents are served in the partner's order, and the balances never go negative.
 */
class AllocationPropertyTest {

    private static final CurrencyCode CURRENCY = CurrencyCode.VES;
    private static final int DOCUMENTS = 5;

    /** One listing of a payment: which of the book's documents, and how much of the payment it should take. */
    record Listing(int document, long listedMinor) {}

    /** A payment: its amount over the sum of its listings, so the listed total never exceeds it. */
    record PaymentDraft(long excessMinor, List<Listing> listings) {
        long amountMinor() {
            return excessMinor + listings.stream().mapToLong(Listing::listedMinor).sum();
        }
    }

    /** The model's own reading of the table: what each listing takes, and the outcome. */
    record Expected(List<Long> takes, long applied, long credit, long unapplied, PaymentOutcome outcome) {}

    static Expected model(long amount, List<Long> listed, List<Long> open) {
        List<Long> takes = new ArrayList<>();
        long applied = 0;
        long listedTotal = 0;
        for (int i = 0; i < listed.size(); i++) {
            long take = Math.max(0, Math.min(listed.get(i), open.get(i)));
            takes.add(take);
            applied += take;
            listedTotal += listed.get(i);
        }
        long shortfall = listedTotal - applied;
        long excess = amount - listedTotal;
        if (applied == 0) {
            return new Expected(takes, 0, 0, amount, PaymentOutcome.NO_OPEN_DOCUMENTS);
        }
        if (shortfall > 0) {
            return new Expected(takes, applied, 0, shortfall + excess, PaymentOutcome.PARTIALLY_APPLIED);
        }
        return excess > 0 ? new Expected(takes, applied, excess, 0, PaymentOutcome.CREDITED)
                : new Expected(takes, applied, 0, 0, PaymentOutcome.APPLIED);
    }

    @Property(tries = 300)
    void givenPaymentsOneAfterAnother_whenAllocated_thenTheModelAgreesAndMoneyIsConserved(
            @ForAll("balances") List<Long> initialBalances, @ForAll("payments") List<PaymentDraft> payments) {
        List<DocumentId> ids = new ArrayList<>();
        Map<DocumentId, Long> balances = new HashMap<>();
        for (long balance : initialBalances) {
            DocumentId id = new DocumentId(new UUID(0, ids.size() + 1));
            ids.add(id);
            balances.put(id, balance);
        }
        long bookBefore = initialBalances.stream().mapToLong(Long::longValue).sum();
        long appliedSoFar = 0;

        for (PaymentDraft payment : payments) {
            List<ListedDocument> listed = new ArrayList<>();
            List<Long> listedMinor = new ArrayList<>();
            List<Long> openMinor = new ArrayList<>();
            for (Listing listing : payment.listings()) {
                DocumentId id = ids.get(listing.document());
                listed.add(new ListedDocument(id, money(listing.listedMinor()), money(balances.get(id))));
                listedMinor.add(listing.listedMinor());
                openMinor.add(balances.get(id));
            }

            if (!distinct(listed)) {
                continue;
            }
            Allocation allocation = Allocation.of(money(payment.amountMinor()), listed);
            Expected expected = model(payment.amountMinor(), listedMinor, openMinor);

            assertThat(allocation.outcome()).isEqualTo(expected.outcome());
            assertThat(allocation.applied()).isEqualTo(money(expected.applied()));
            assertThat(allocation.credit()).isEqualTo(money(expected.credit()));
            assertThat(allocation.unapplied()).isEqualTo(money(expected.unapplied()));
            assertThat(allocation.applied().plus(allocation.credit()).plus(allocation.unapplied()))
                    .isEqualTo(money(payment.amountMinor()));
            assertThat(allocation.applications()).containsExactlyElementsOf(servedInListedOrder(listed, expected, allocation));
            for (DocumentApplication application : allocation.applications()) {
                long open = balances.get(application.documentId());
                assertThat(application.amount().amountMinor()).isPositive().isLessThanOrEqualTo(open);
                balances.put(application.documentId(), open - application.amount().amountMinor());
            }
            appliedSoFar += allocation.applied().amountMinor();
        }

        assertThat(balances.values()).allMatch(balance -> balance >= 0);
        assertThat(balances.values().stream().mapToLong(Long::longValue).sum()).isEqualTo(bookBefore - appliedSoFar);
    }

    @Property(tries = 200)
    void givenAListedTotalAboveTheAmount_whenAllocating_thenRefusedBeforeAnythingIsApplied(
            @ForAll("payments") List<PaymentDraft> payments) {
        for (PaymentDraft payment : payments) {
            long listedTotal = payment.amountMinor() - payment.excessMinor();
            if (listedTotal == 0) {
                continue;
            }
            List<ListedDocument> listed = payment.listings().stream()
                    .map(listing -> new ListedDocument(new DocumentId(new UUID(0, listing.document() + 1)),
                            money(listing.listedMinor()), money(1_000)))
                    .toList();
            if (distinct(listed)) {
                assertThatIllegalArgumentException().isThrownBy(() -> Allocation.of(money(listedTotal - 1), listed));
            }
        }
    }

    /**
     * Listings that name one document twice (the edge refuses them; the domain must not depend on it):
     * the allocation is refused, or no document takes more than it owes in total.
     */
    @Property(tries = 200)
    void givenADocumentListedTwice_whenAllocating_thenRefusedOrNoDocumentOverApplied(
            @ForAll("payments") List<PaymentDraft> payments) {
        for (PaymentDraft payment : payments) {
            List<ListedDocument> listed = payment.listings().stream()
                    .map(listing -> new ListedDocument(new DocumentId(new UUID(0, listing.document() + 1)),
                            money(listing.listedMinor()), money(1_000)))
                    .toList();
            Allocation allocation;
            try {
                allocation = Allocation.of(money(payment.amountMinor()), listed);
            } catch (IllegalArgumentException refused) {
                assertThat(distinct(listed)).as("only a repeated document is refused here").isFalse();
                continue;
            }
            Map<DocumentId, Long> taken = new HashMap<>();
            allocation.applications().forEach(application ->
                    taken.merge(application.documentId(), application.amount().amountMinor(), Long::sum));
            assertThat(taken.values()).allMatch(total -> total <= 1_000);
        }
    }

    private static List<DocumentApplication> servedInListedOrder(List<ListedDocument> listed, Expected expected,
            Allocation allocation) {
        List<DocumentApplication> served = new ArrayList<>();
        for (int i = 0; i < listed.size(); i++) {
            if (expected.takes().get(i) > 0 && allocation.outcome() != PaymentOutcome.NO_OPEN_DOCUMENTS) {
                served.add(new DocumentApplication(listed.get(i).documentId(), money(expected.takes().get(i))));
            }
        }
        return served;
    }

    private static boolean distinct(List<ListedDocument> listed) {
        return listed.stream().map(ListedDocument::documentId).distinct().count() == listed.size();
    }

    private static Money money(long minor) {
        return Money.of(minor, CURRENCY);
    }

    @Provide
    Arbitrary<List<Long>> balances() {
        return Arbitraries.oneOf(Arbitraries.longs().between(0, 5_000), Arbitraries.of(0L, 1L, Money.AMOUNT_MINOR_MAX))
                .list().ofSize(DOCUMENTS);
    }

    /** Listings mostly of distinct documents, some of a document twice; amounts small, zero, or huge. */
    @Provide
    Arbitrary<List<PaymentDraft>> payments() {
        Arbitrary<Long> listedMinor = Arbitraries.oneOf(Arbitraries.longs().between(1, 3_000), Arbitraries.of(1L, 1_000_000L));
        Arbitrary<Listing> listing = Combinators.combine(Arbitraries.integers().between(0, DOCUMENTS - 1), listedMinor)
                .as(Listing::new);
        Arbitrary<List<Listing>> listings = Arbitraries.oneOf(
                listing.list().ofMinSize(1).ofMaxSize(DOCUMENTS).uniqueElements(Listing::document),
                listing.list().ofMinSize(1).ofMaxSize(DOCUMENTS).uniqueElements(Listing::document),
                listing.list().ofMinSize(2).ofMaxSize(DOCUMENTS));
        Arbitrary<Long> excessMinor = Arbitraries.oneOf(Arbitraries.just(0L), Arbitraries.longs().between(0, 2_000));
        return Combinators.combine(excessMinor, listings).as(PaymentDraft::new).list().ofMinSize(1).ofMaxSize(12);
    }
}

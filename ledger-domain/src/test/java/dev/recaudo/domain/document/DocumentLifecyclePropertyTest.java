package dev.recaudo.domain.document;

import static org.assertj.core.api.Assertions.assertThat;

import dev.recaudo.domain.apikey.KeyEnvironment;
import dev.recaudo.domain.common.TenantScope;
import dev.recaudo.domain.company.CompanyId;
import dev.recaudo.domain.document.DocumentLifecycle.AnnulVerdict;
import dev.recaudo.domain.document.DocumentLifecycle.SettlementVerdict;
import dev.recaudo.domain.document.DocumentLifecycle.UpdateVerdict;
import dev.recaudo.domain.money.CurrencyCode;
import dev.recaudo.domain.money.Money;
import dev.recaudo.domain.payment.Allocation;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.Tuple;

/**
 * Random sequences of the invoice operations run on a document through {@link DocumentLifecycle}'s
 * verdicts (carried out the way the services carry them out) and, side by side, on a model written
 * from the specification's states table with plain longs. After every operation both agree on the
 * answer (done, refused and why, or nothing to do) and on the status, total, applied and balance.
 */
class DocumentLifecyclePropertyTest {

    private static final Instant NOW = Instant.parse("2026-11-22T10:00:00Z");
    private static final CurrencyCode CURRENCY = CurrencyCode.USD;

    /** An operation on one invoice: the public API's PUT and DELETEs, the sandbox's moves, a partner's payment. */
    sealed interface Operation {
        record Put(long amountMinor) implements Operation {}

        record Annul() implements Operation {}

        record SettleFromProvider() implements Operation {}

        record PayCheckout() implements Operation {}

        record Conciliate() implements Operation {}

        record Fail() implements Operation {}

        /** A verified payment listing this document for {@code listedMinor}. */
        record Pay(long listedMinor) implements Operation {}
    }

    /** The answer to one operation: "done", "unchanged" (nothing to do), or "refused:" and the reason. */
    record Step(String answer, DocumentStatus status, long total, long applied, long balance) {}

    /** The specification's table, on longs: no verdicts, no money type, no document record. */
    static final class Model {
        DocumentStatus status = DocumentStatus.CREATED;
        long total;
        long applied;
        long balance;
        final boolean hasLines;

        Model(long total, boolean hasLines) {
            this.total = total;
            this.balance = total;
            this.hasLines = hasLines;
        }

        Step step(String answer) {
            return new Step(answer, status, total, applied, balance);
        }

        boolean settled() {
            return status == DocumentStatus.PAID || status == DocumentStatus.CONCILIATED
                    || status == DocumentStatus.PAID_FROM_PROVIDER;
        }

        Step apply(Operation operation) {
            if (operation instanceof Operation.Put put) {
                return put(put.amountMinor());
            }
            if (operation instanceof Operation.Annul) {
                if (status == DocumentStatus.DELETE_FROM_PROVIDER) {
                    return step("unchanged");
                }
                if (applied > 0) {
                    return step("refused:MONEY_APPLIED");
                }
                if (status != DocumentStatus.CREATED && status != DocumentStatus.FAILED) {
                    return step("refused:STATUS_FORBIDS");
                }
                status = DocumentStatus.DELETE_FROM_PROVIDER;
                balance = 0;
                return step("done");
            }
            if (operation instanceof Operation.SettleFromProvider) {
                if (status == DocumentStatus.PAID_FROM_PROVIDER) {
                    return step("unchanged");
                }
                return settle(DocumentStatus.PAID_FROM_PROVIDER);
            }
            if (operation instanceof Operation.PayCheckout) {
                return settle(DocumentStatus.PAID);
            }
            if (operation instanceof Operation.Conciliate) {
                return move(status == DocumentStatus.PAID, DocumentStatus.CONCILIATED);
            }
            if (operation instanceof Operation.Fail) {
                return move(status == DocumentStatus.CREATED && applied == 0, DocumentStatus.FAILED);
            }
            return pay(((Operation.Pay) operation).listedMinor());
        }

        private Step put(long amount) {
            if (status == DocumentStatus.CREATED) {
                if (applied > 0) {
                    return step("refused:PAYMENTS_APPLIED");
                }
                if (amount != total && hasLines) {
                    return step("refused:TOTAL_FOLLOWS_LINES");
                }
                total = amount;
                balance = amount;
                return step("done");
            }
            if (settled()) {
                return amount == total ? step("done") : step("refused:SETTLED_AMOUNT_DIFFERS");
            }
            return step("refused:STATUS_FORBIDS");
        }

        private Step settle(DocumentStatus target) {
            if (status != DocumentStatus.CREATED) {
                return step("refused:STATUS_FORBIDS");
            }
            if (applied > 0) {
                return step("refused:PAYMENTS_APPLIED");
            }
            applied = balance;
            balance = 0;
            status = target;
            return step("done");
        }

        private Step move(boolean allowed, DocumentStatus target) {
            if (!allowed) {
                return step("refused:STATUS_FORBIDS");
            }
            status = target;
            return step("done");
        }

        /** Only an open document takes money, at most its balance; the one that reaches zero is paid. */
        private Step pay(long listed) {
            long take = status == DocumentStatus.CREATED ? Math.min(listed, balance) : 0;
            if (take == 0) {
                return step("unchanged");
            }
            applied += take;
            balance -= take;
            if (balance == 0) {
                status = DocumentStatus.PAID;
            }
            return step("done");
        }
    }

    /** The implementation: the verdicts of {@link DocumentLifecycle} carried out on the document record. */
    static final class Implementation {
        CollectionDocument document;
        final List<DocumentLine> lines;

        Implementation(long total, boolean hasLines) {
            document = CollectionDocument.invoice(new TenantScope(CompanyId.random(), KeyEnvironment.LIVE), "erp", "FAC-1",
                    Optional.of("FAC-1"), UUID.randomUUID(), "V-1", new DocumentDetails("Factura", Optional.empty(),
                            Optional.empty(), Optional.empty(), Optional.empty(), Optional.empty(), Optional.empty()),
                    Optional.empty(), money(total), NOW);
            lines = hasLines ? List.of(new DocumentLine(1, total, total, Optional.empty(), Optional.empty(), Optional.empty()))
                    : List.of();
        }

        Step step(String answer) {
            return new Step(answer, document.status(), document.total().amountMinor(), document.applied().amountMinor(),
                    document.balance().amountMinor());
        }

        Step apply(Operation operation) {
            if (operation instanceof Operation.Put put) {
                UpdateVerdict verdict = DocumentLifecycle.updateAmount(document, money(put.amountMinor()), lines);
                if (verdict instanceof UpdateVerdict.Rejected rejected) {
                    return step("refused:" + rejected.reason());
                }
                document = verdict instanceof UpdateVerdict.AmountChange
                        ? document.withTotal(money(put.amountMinor()), NOW) : document.withDetails(document.reference(),
                                document.details(), NOW);
                return step("done");
            }
            if (operation instanceof Operation.Annul) {
                AnnulVerdict verdict = DocumentLifecycle.annul(document);
                if (verdict instanceof AnnulVerdict.Rejected rejected) {
                    return step("refused:" + rejected.reason());
                }
                if (verdict instanceof AnnulVerdict.AlreadyAnnulled) {
                    return step("unchanged");
                }
                document = document.annulled(NOW);
                return step("done");
            }
            if (operation instanceof Operation.SettleFromProvider) {
                return settled(DocumentLifecycle.settleFromProvider(document), DocumentStatus.PAID_FROM_PROVIDER);
            }
            if (operation instanceof Operation.PayCheckout) {
                return settled(DocumentLifecycle.payCheckout(document), DocumentStatus.PAID);
            }
            if (operation instanceof Operation.Conciliate) {
                return moved(DocumentStatus.CONCILIATED);
            }
            if (operation instanceof Operation.Fail) {
                return moved(DocumentStatus.FAILED);
            }
            return paid(((Operation.Pay) operation).listedMinor());
        }

        private Step settled(SettlementVerdict verdict, DocumentStatus target) {
            if (verdict instanceof SettlementVerdict.Rejected rejected) {
                return step("refused:" + rejected.reason());
            }
            if (verdict instanceof SettlementVerdict.AlreadySettled) {
                return step("unchanged");
            }
            document = document.withPayment(((SettlementVerdict.Settle) verdict).openBalance(), target, NOW);
            return step("done");
        }

        private Step moved(DocumentStatus target) {
            if (!DocumentLifecycle.allowsMove(document, target)) {
                return step("refused:STATUS_FORBIDS");
            }
            document = document.withStatus(target, NOW);
            return step("done");
        }

        /** As a verified payment does: the open balance counts only while CREATED; settling to zero pays it. */
        private Step paid(long listedMinor) {
            Money open = document.status() == DocumentStatus.CREATED ? document.balance() : money(0);
            Allocation allocation = Allocation.of(money(listedMinor),
                    List.of(new Allocation.ListedDocument(document.id(), money(listedMinor), open)));
            if (allocation.applications().isEmpty()) {
                return step("unchanged");
            }
            Money amount = allocation.applications().get(0).amount();
            boolean settles = amount.equals(document.balance());
            document = document.withPayment(amount, settles ? DocumentStatus.PAID : DocumentStatus.CREATED, NOW);
            return step("done");
        }
    }

    @Property(tries = 500)
    void givenRandomOperations_whenRunOnTheLifecycleAndTheModel_thenTheyAgreeOnEveryAnswerAndState(
            @ForAll("totals") long total, @ForAll boolean hasLines, @ForAll("operations") List<Operation> operations) {
        Model model = new Model(total, hasLines);
        Implementation implementation = new Implementation(total, hasLines);

        for (int i = 0; i < operations.size(); i++) {
            Operation operation = operations.get(i);
            Step expected = model.apply(operation);
            Step actual = implementation.apply(operation);

            assertThat(actual).as("step %d, %s, after %s", i, operation, operations.subList(0, i)).isEqualTo(expected);
            assertThat(actual.balance()).isBetween(0L, actual.total());
            if (actual.status() != DocumentStatus.DELETE_FROM_PROVIDER) {
                assertThat(actual.balance()).isEqualTo(actual.total() - actual.applied());
            }
        }
    }

    private static Money money(long minor) {
        return Money.of(minor, CURRENCY);
    }

    @Provide
    Arbitrary<Long> totals() {
        return Arbitraries.oneOf(Arbitraries.longs().between(1, 5_000), Arbitraries.of(1L, 100_000_000L));
    }

    @Provide
    Arbitrary<List<Operation>> operations() {
        Arbitrary<Long> amounts = Arbitraries.oneOf(Arbitraries.longs().between(1, 5_000), Arbitraries.of(1L, 100_000_000L));
        Arbitrary<Operation> operation = Arbitraries.frequencyOf(
                Tuple.of(4, amounts.map(Operation.Put::new)),
                Tuple.of(2, Arbitraries.just(new Operation.Annul())),
                Tuple.of(2, Arbitraries.just(new Operation.SettleFromProvider())),
                Tuple.of(2, Arbitraries.just(new Operation.PayCheckout())),
                Tuple.of(2, Arbitraries.just(new Operation.Conciliate())),
                Tuple.of(1, Arbitraries.just(new Operation.Fail())),
                Tuple.of(4, amounts.map(Operation.Pay::new)));
        return operation.list().ofMinSize(1).ofMaxSize(15);
    }
}

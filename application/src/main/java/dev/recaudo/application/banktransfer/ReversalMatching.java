package dev.recaudo.application.banktransfer;

import dev.recaudo.application.refund.MoneyReturnedUseCase;
import dev.recaudo.application.refund.MoneyReturnedUseCase.ChargebackResult;
import dev.recaudo.domain.apikey.KeyEnvironment;
import dev.recaudo.domain.banktransfer.BankStatements;
import dev.recaudo.domain.banktransfer.StatementLine;
import dev.recaudo.domain.banktransfer.StatementSummary.Counts;
import dev.recaudo.domain.common.TenantScope;
import dev.recaudo.domain.company.CompanyId;
import dev.recaudo.domain.payment.Payment;
import dev.recaudo.domain.payment.PaymentRepository;
import java.util.Optional;
import java.util.UUID;

/**
 * A statement's reversal of a credit (a debit with the reversal indicator) whose original credit
 * entry (same account, same bank reference, else same end-to-end id, same amount) paid a checkout:
 * the payment's money goes back through the refund path ({@link MoneyReturnedUseCase#returnedOfPayment},
 * once per original entry), the invoice owes again with a fresh checkout, the original entry is
 * marked REVERSED and the reversal MATCHED. The original is locked and is no longer MATCHED after, so a
 * second reversal of it, or a re-import, books nothing. Any other reversal of a credit stays UNMATCHED
 * (counted so) for review.
 */
public final class ReversalMatching {

    static final Counts MATCHED = new Counts(0, 0, 1, 0, 0);
    static final Counts UNMATCHED = new Counts(0, 0, 0, 0, 1);

    private final BankStatements statements;
    private final PaymentRepository payments;
    private final MoneyReturnedUseCase returned;

    public ReversalMatching(BankStatements statements, PaymentRepository payments, MoneyReturnedUseCase returned) {
        this.statements = statements;
        this.payments = payments;
        this.returned = returned;
    }

    Counts match(CompanyId companyId, UUID accountId, UUID entryId, StatementLine line) {
        Optional<BankStatements.ReversibleCredit> original = statements.lockReversibleCredit(companyId, accountId, line);
        if (original.isEmpty()) {
            return UNMATCHED;
        }
        TenantScope scope = new TenantScope(companyId, KeyEnvironment.LIVE);
        String provider = ReferenceMatching.PROVIDER + ":"
                + original.get().bankReference().orElse(original.get().entryId().toString());
        Optional<Payment> payment = payments.findByProviderReference(scope, provider);
        if (payment.isEmpty()) {
            return UNMATCHED;
        }
        ChargebackResult result = returned.returnedOfPayment(scope, payment.get().id(), line.amount(),
                Optional.of("reversed by the bank"), "bank-reversal:" + original.get().entryId());
        if (!(result instanceof ChargebackResult.ChargedBack)) {
            return UNMATCHED;
        }
        statements.markEntry(companyId, original.get().entryId(), "REVERSED", original.get().checkoutId());
        statements.markEntry(companyId, entryId, "MATCHED", original.get().checkoutId());
        return MATCHED;
    }
}

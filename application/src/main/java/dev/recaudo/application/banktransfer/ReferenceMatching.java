package dev.recaudo.application.banktransfer;

import dev.recaudo.application.invoice.CheckoutPaymentUseCase;
import dev.recaudo.application.invoice.CheckoutPaymentUseCase.CheckoutPayment;
import dev.recaudo.application.invoice.SandboxUseCase;
import dev.recaudo.domain.banktransfer.BankStatements;
import dev.recaudo.domain.banktransfer.PaymentReference;
import dev.recaudo.domain.banktransfer.PaymentReferences;
import dev.recaudo.domain.banktransfer.StatementLine;
import dev.recaudo.domain.banktransfer.StatementSummary.Counts;
import dev.recaudo.domain.checkout.Checkout;
import dev.recaudo.domain.checkout.CheckoutRepository;
import dev.recaudo.domain.company.CompanyId;
import java.util.Optional;
import java.util.UUID;

/**
 * A credit whose remittance carries the valid reference of a pending live checkout of the same
 * company, for its exact amount and currency, pays that checkout through the page's own path
 * ({@link CheckoutPaymentUseCase#taken}) and, its money being seen in the company's account,
 * conciliates the invoice in the same transaction; when the invoice no longer takes it, the money is
 * the customer's credit (the entry CREDITED, counted as matched: it was applied, and nothing
 * conciliated). Every other credit is proposed for the checkouts
 * it may pay ({@link Proposing}), or left unmatched when there is none.
 */
public final class ReferenceMatching implements EntryMatching {

    /** The provider a statement-paid payment names, before the bank's reference of the entry. */
    public static final String PROVIDER = "bank_transfer";

    private static final Counts MATCHED = new Counts(0, 0, 1, 0, 0);
    private static final Counts PROPOSED = new Counts(0, 0, 0, 1, 0);
    private static final Counts UNMATCHED = new Counts(0, 0, 0, 0, 1);

    private final PaymentReferences references;
    private final CheckoutRepository checkouts;
    private final BankStatements statements;
    private final CheckoutPaymentUseCase payments;
    private final SandboxUseCase conciliation;
    private final Proposing proposing;

    public ReferenceMatching(PaymentReferences references, CheckoutRepository checkouts, BankStatements statements,
            CheckoutPaymentUseCase payments, SandboxUseCase conciliation, Proposing proposing) {
        this.references = references;
        this.checkouts = checkouts;
        this.statements = statements;
        this.payments = payments;
        this.conciliation = conciliation;
        this.proposing = proposing;
    }

    @Override
    public Counts match(CompanyId companyId, UUID accountId, UUID entryId, StatementLine line) {
        if (!line.credit() || line.reversal()) {
            return Counts.NONE;
        }
        Optional<Checkout> referenced = reference(line)
                .flatMap(references::checkoutOf)
                .filter(found -> found.scope().companyId().equals(companyId) && !found.scope().isTest())
                .flatMap(found -> checkouts.find(found.scope(), found.checkoutId()))
                .filter(Checkout::isPending);
        Optional<Checkout> checkout = referenced.filter(found -> found.amount().equals(line.amount()));
        if (checkout.isEmpty()) {
            if (proposing.propose(companyId, entryId, line, referenced) == 0) {
                return UNMATCHED;
            }
            statements.markEntry(companyId, entryId, "PROPOSED", Optional.empty());
            return PROPOSED;
        }
        String paymentId = PROVIDER + ":" + line.bankReference().orElse(entryId.toString());
        CheckoutPayment taken = payments.taken(checkout.get().scope(), checkout.get().id(), line.amount(), paymentId);
        if (taken instanceof CheckoutPayment.Credited) {
            statements.markEntry(companyId, entryId, "CREDITED", Optional.of(checkout.get().id()));
            return MATCHED;
        }
        if (!(taken instanceof CheckoutPayment.Paid)) {
            return UNMATCHED;
        }
        conciliation.conciliate(checkout.get().scope(), Optional.empty(), checkout.get().documentId());
        statements.markEntry(companyId, entryId, "MATCHED", Optional.of(checkout.get().id()));
        return MATCHED;
    }

    /** The first valid reference the payer wrote, in the remittance or the end-to-end id. */
    private static Optional<PaymentReference> reference(StatementLine line) {
        return PaymentReference.findIn(line.remittance()).or(() -> line.endToEndId().flatMap(PaymentReference::findIn));
    }
}

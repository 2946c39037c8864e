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
 * conciliated). A credit without a valid reference that confirms a payer's report
 * ({@link ClaimMatching}) pays the reported checkout the same way. Every other credit is proposed for the checkouts
 * it may pay ({@link Proposing}), or left unmatched when there is none. A reversal of a credit (a debit
 * with the reversal indicator) returns the money its original credit paid ({@link ReversalMatching}).
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
    private final ClaimMatching claims;
    private final ReversalMatching reversals;

    public ReferenceMatching(PaymentReferences references, CheckoutRepository checkouts, BankStatements statements,
            CheckoutPaymentUseCase payments, SandboxUseCase conciliation, Proposing proposing, ClaimMatching claims,
            ReversalMatching reversals) {
        this.references = references;
        this.checkouts = checkouts;
        this.statements = statements;
        this.payments = payments;
        this.conciliation = conciliation;
        this.proposing = proposing;
        this.claims = claims;
        this.reversals = reversals;
    }

    @Override
    public Counts match(CompanyId companyId, UUID accountId, UUID entryId, StatementLine line) {
        if (line.reversal() && !line.credit()) {
            return reversals.match(companyId, accountId, entryId, line);
        }
        if (!line.credit() || line.reversal()) {
            return Counts.NONE;
        }
        Optional<Checkout> referenced = reference(line)
                .flatMap(references::checkoutOf)
                .filter(found -> found.scope().companyId().equals(companyId) && !found.scope().isTest())
                .flatMap(found -> checkouts.find(found.scope(), found.checkoutId()))
                .filter(Checkout::isPending);
        Optional<Checkout> checkout = referenced.filter(found -> found.amount().equals(line.amount()));
        if (checkout.isPresent()) {
            return pay(companyId, entryId, line, checkout.get());
        }
        int proposed = 0;
        if (referenced.isEmpty()) {
            // No reference the payer could type (Pago Móvil and similar): what the payers reported on the page.
            ClaimMatching.Outcome claimed = claims.match(companyId, entryId, line);
            if (claimed instanceof ClaimMatching.Outcome.Confirmed confirmed) {
                Counts counts = pay(companyId, entryId, line, confirmed.checkout());
                if (counts == MATCHED) {
                    claims.settle(companyId, confirmed.report(), entryId);
                }
                return counts;
            }
            proposed = ((ClaimMatching.Outcome.Proposed) claimed).count();
        }
        if (proposing.propose(companyId, entryId, line, referenced) + proposed == 0) {
            return UNMATCHED;
        }
        statements.markEntry(companyId, entryId, "PROPOSED", Optional.empty());
        return PROPOSED;
    }

    /** Pays the checkout with the credit through the page's path and conciliates its document, or credits its customer. */
    private Counts pay(CompanyId companyId, UUID entryId, StatementLine line, Checkout checkout) {
        String paymentId = PROVIDER + ":" + line.bankReference().orElse(entryId.toString());
        CheckoutPayment taken = payments.taken(checkout.scope(), checkout.id(), line.amount(), paymentId);
        if (taken instanceof CheckoutPayment.Credited) {
            statements.markEntry(companyId, entryId, "CREDITED", Optional.of(checkout.id()));
            return MATCHED;
        }
        if (!(taken instanceof CheckoutPayment.Paid)) {
            return UNMATCHED;
        }
        conciliation.conciliate(checkout.scope(), Optional.empty(), checkout.documentId());
        statements.markEntry(companyId, entryId, "MATCHED", Optional.of(checkout.id()));
        return MATCHED;
    }

    /** The first valid reference the payer wrote, in the remittance or the end-to-end id. */
    private static Optional<PaymentReference> reference(StatementLine line) {
        return PaymentReference.findIn(line.remittance()).or(() -> line.endToEndId().flatMap(PaymentReference::findIn));
    }
}

package dev.recaudo.application.invoice;

import dev.recaudo.application.common.PaymentCounts;
import dev.recaudo.application.common.Transactions;
import dev.recaudo.domain.checkout.Checkout;
import dev.recaudo.domain.checkout.CheckoutRepository;
import dev.recaudo.domain.checkout.CheckoutStatus;
import dev.recaudo.domain.common.TenantScope;
import dev.recaudo.domain.document.CollectionDocument;
import dev.recaudo.domain.document.CollectionDocumentRepository;
import dev.recaudo.domain.document.DocumentId;
import dev.recaudo.domain.document.DocumentLifecycle;
import dev.recaudo.domain.document.DocumentLifecycle.SettlementVerdict;
import dev.recaudo.domain.document.DocumentStatus;
import dev.recaudo.domain.ledger.AccountCode;
import dev.recaudo.domain.metrics.OperationalMetrics;
import dev.recaudo.domain.metrics.PaymentCount;
import dev.recaudo.domain.metrics.PaymentFamily;
import dev.recaudo.domain.metrics.PaymentRefusal;
import dev.recaudo.domain.payment.Payment;
import dev.recaudo.domain.payment.PaymentKind;
import dev.recaudo.domain.payment.PaymentOutcome;
import java.time.Clock;
import java.time.Instant;
import java.util.Optional;
import java.util.UUID;
import java.util.function.BiFunction;

public final class SandboxService implements SandboxUseCase {

    private final CollectionDocumentRepository documents;
    private final CheckoutRepository checkouts;
    private final DocumentBook book;
    private final Transactions transactions;
    private final PaymentCounts counts;
    private final Clock clock;

    public SandboxService(
            CollectionDocumentRepository documents,
            CheckoutRepository checkouts,
            DocumentBook book,
            Transactions transactions,
            OperationalMetrics metrics,
            Clock clock) {
        this.documents = documents;
        this.checkouts = checkouts;
        this.book = book;
        this.transactions = transactions;
        this.counts = new PaymentCounts(metrics, transactions);
        this.clock = clock;
    }

    /** The payer's payment of an invoice's checkout, from the hosted page or the sandbox control. */
    @Override
    public SandboxResult completeCheckout(TenantScope scope, Optional<String> source, UUID checkoutId) {
        return settleCheckout(scope, source, checkoutId, Optional.empty());
    }

    @Override
    public SandboxResult payCheckout(TenantScope scope, UUID checkoutId, String providerPaymentId) {
        return settleCheckout(scope, Optional.empty(), checkoutId, Optional.of(providerPaymentId));
    }

    private SandboxResult settleCheckout(TenantScope scope, Optional<String> source, UUID checkoutId,
            Optional<String> providerPaymentId) {
        SandboxResult result = onCheckout(scope, source, checkoutId, (document, current) -> {
            if (!current.isPending()) {
                if (current.status() == CheckoutStatus.APPROVED) {
                    counts.whenCommitted(PaymentCount.of(PaymentFamily.CHECKOUT, PaymentOutcome.ALREADY_PROCESSED));
                } else {
                    counts.whenSettled(PaymentCount.rejected(PaymentFamily.CHECKOUT, PaymentRefusal.NOT_PAYABLE));
                }
                return new SandboxResult.NotApplicable("the checkout is " + current.status().wireName() + ", not PENDING");
            }
            SettlementVerdict verdict = DocumentLifecycle.payCheckout(document);
            if (!(verdict instanceof SettlementVerdict.Settle settle) || !settle.openBalance().equals(current.amount())) {
                counts.whenSettled(PaymentCount.rejected(PaymentFamily.CHECKOUT, PaymentRefusal.NOT_PAYABLE));
                return new SandboxResult.NotApplicable("the invoice is " + document.status() + " and cannot be paid");
            }
            Instant now = clock.instant();
            Payment payment = Payment.settling(scope, document.source(), PaymentKind.CHECKOUT, current.id(),
                    document.customerId(), current.amount(), providerPaymentId, now);
            SandboxResult done = new SandboxResult.Done(
                    book.settle(document, payment, AccountCode.checkoutCollections(), DocumentStatus.PAID, now));
            counts.whenCommitted(PaymentCount.of(PaymentFamily.CHECKOUT, payment.outcome()));
            return done;
        });
        if (result instanceof SandboxResult.NotFound) {
            counts.whenSettled(PaymentCount.rejected(PaymentFamily.CHECKOUT, PaymentRefusal.NOT_FOUND));
        }
        return result;
    }

    @Override
    public SandboxResult failCheckout(TenantScope scope, Optional<String> source, UUID checkoutId) {
        return onCheckout(scope, source, checkoutId, (document, current) -> {
            if (!current.isPending() || !DocumentLifecycle.allowsMove(document, DocumentStatus.FAILED)) {
                return new SandboxResult.NotApplicable("only a PENDING checkout of an open invoice can fail");
            }
            Instant now = clock.instant();
            checkouts.update(current.rejected(now));
            CollectionDocument failed = document.withStatus(DocumentStatus.FAILED, now);
            documents.update(failed);
            return new SandboxResult.Done(book.view(failed));
        });
    }

    /**
     * Runs a control on a checkout in one transaction, given the checkout's document, locked, and
     * the checkout re-read under that lock (a concurrent amount change may have replaced it). Not
     * found when the partner may not see the document.
     */
    private SandboxResult onCheckout(TenantScope scope, Optional<String> source, UUID checkoutId,
            BiFunction<CollectionDocument, Checkout, SandboxResult> control) {
        return transactions.inTransaction(() -> {
            Optional<CollectionDocument> locked = checkouts.find(scope, checkoutId)
                    .flatMap(checkout -> documents.lock(scope, checkout.documentId()))
                    .filter(InvoiceLifecycleService.visibleTo(source));
            if (locked.isEmpty()) {
                return new SandboxResult.NotFound();
            }
            return control.apply(locked.get(), checkouts.find(scope, checkoutId).orElseThrow());
        });
    }

    @Override
    public SandboxResult conciliate(TenantScope scope, Optional<String> source, DocumentId invoiceId) {
        return transactions.inTransaction(() -> {
            Optional<CollectionDocument> document = documents.lock(scope, invoiceId).filter(InvoiceLifecycleService.visibleTo(source));
            if (document.isEmpty()) {
                return new SandboxResult.NotFound();
            }
            if (!DocumentLifecycle.allowsMove(document.get(), DocumentStatus.CONCILIATED)) {
                return new SandboxResult.NotApplicable("only a PAID invoice can be conciliated");
            }
            CollectionDocument conciliated = document.get().withStatus(DocumentStatus.CONCILIATED, clock.instant());
            documents.update(conciliated);
            return new SandboxResult.Done(book.view(conciliated));
        });
    }
}

package dev.recaudo.application.invoice;

import dev.recaudo.application.common.Transactions;
import dev.recaudo.domain.checkout.Checkout;
import dev.recaudo.domain.checkout.CheckoutRepository;
import dev.recaudo.domain.common.TenantScope;
import dev.recaudo.domain.document.CollectionDocument;
import dev.recaudo.domain.document.CollectionDocumentRepository;
import dev.recaudo.domain.document.DocumentId;
import dev.recaudo.domain.document.DocumentLifecycle;
import dev.recaudo.domain.document.DocumentStatus;
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
    private final DocumentConciliation conciliation;
    private final CheckoutPaymentUseCase checkoutPayments;
    private final Clock clock;

    public SandboxService(
            CollectionDocumentRepository documents,
            CheckoutRepository checkouts,
            DocumentBook book,
            Transactions transactions,
            CheckoutPaymentUseCase checkoutPayments,
            Clock clock) {
        this.documents = documents;
        this.checkouts = checkouts;
        this.book = book;
        this.transactions = transactions;
        this.conciliation = new DocumentConciliation(documents);
        this.checkoutPayments = checkoutPayments;
        this.clock = clock;
    }

    /** The payer's payment of an invoice's checkout, from the hosted page or the sandbox control: the one checkout payment. */
    @Override
    public SandboxResult completeCheckout(TenantScope scope, Optional<String> source, UUID checkoutId) {
        CheckoutPaymentUseCase.CheckoutPayment result = checkoutPayments.pay(scope, source, checkoutId);
        if (result instanceof CheckoutPaymentUseCase.CheckoutPayment.Paid paid) {
            return new SandboxResult.Done(paid.invoice());
        }
        if (result instanceof CheckoutPaymentUseCase.CheckoutPayment.NotPayable refused) {
            return new SandboxResult.NotApplicable(refused.reason());
        }
        return new SandboxResult.NotFound();
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
            return conciliation.conciliate(document.get(), clock.instant())
                    .<SandboxResult>map(conciliated -> new SandboxResult.Done(book.view(conciliated)))
                    .orElseGet(() -> new SandboxResult.NotApplicable("only a PAID invoice can be conciliated"));
        });
    }
}

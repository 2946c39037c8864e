package dev.recaudo.application.refund;

import dev.recaudo.application.invoice.DocumentBook;
import dev.recaudo.domain.document.CollectionDocument;
import dev.recaudo.domain.document.CollectionDocumentRepository;
import dev.recaudo.domain.document.DocumentLifecycle;
import dev.recaudo.domain.document.DocumentLifecycle.ReturnVerdict;
import dev.recaudo.domain.document.DocumentStatus;
import dev.recaudo.domain.ledger.AccountCode;
import dev.recaudo.domain.ledger.Entry;
import dev.recaudo.domain.ledger.Ledger;
import dev.recaudo.domain.ledger.Transfer;
import dev.recaudo.domain.ledger.TransferKind;
import dev.recaudo.domain.money.Money;
import dev.recaudo.domain.payment.Payment;
import dev.recaudo.domain.payment.PaymentApplication;
import dev.recaudo.domain.payment.PaymentRepository;
import dev.recaudo.domain.refund.Refund;
import dev.recaudo.domain.refund.RefundKind;
import dev.recaudo.domain.webhook.Outbox;
import dev.recaudo.domain.webhook.OutboxEvent;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;

/**
 * The money moves of a refund, each in the caller's transaction, keeping I1-I4: the payment's
 * applied and credit amounts and the document's applied amount follow every entry on their accounts.
 * Taking moves the money from where the payment holds it into {@code refund_in_flight:<refundId>};
 * paying out moves it out of {@code external_collections} and announces it; putting back returns it
 * exactly where it was taken from.
 */
final class RefundBook {

    static final String EXTERNAL_PAYMENT_REFUNDED = "external_payment.refunded";
    static final String EXTERNAL_PAYMENT_CHARGED_BACK = "external_payment.charged_back";

    private final CollectionDocumentRepository documents;
    private final PaymentRepository payments;
    private final Ledger ledger;
    private final DocumentBook book;
    private final Outbox outbox;

    RefundBook(CollectionDocumentRepository documents, PaymentRepository payments, Ledger ledger, DocumentBook book,
            Outbox outbox) {
        this.documents = documents;
        this.payments = payments;
        this.ledger = ledger;
        this.book = book;
        this.outbox = outbox;
    }

    /** Phase 1: the money leaves the payment's places for the refund's in-flight account; a document it paid owes again. */
    void take(Refund refund, Payment payment, Optional<CollectionDocument> document, Instant now) {
        List<Entry> entries = taken(refund);
        entries.add(Entry.credit(AccountCode.refundInFlight(refund.id()), refund.amount()));
        Transfer transfer = transfer(refund, TransferKind.REFUND_TAKEN, entries, now);
        ledger.post(transfer);
        payments.update(payment.withMoneyReturned(refund.sources().document(), refund.sources().credit(), now));
        if (refund.sources().document().isPositive()) {
            CollectionDocument paid = document.orElseThrow();
            application(refund, paid, refund.sources().document().negate(), transfer, now);
            documents.update(paid.withPaymentReturned(refund.sources().document(), now));
        }
    }

    /** Phase 3 of a refund that succeeded, and a chargeback: the money left the company; everyone who must hear of it does. */
    void payOut(Refund refund, Instant now) {
        ledger.post(Transfer.move(refund.scope(), TransferKind.REFUND_PAID_OUT, AccountCode.refundInFlight(refund.id()),
                AccountCode.externalCollections(), refund.amount(), refund.documentId(), Optional.of(refund.paymentId()), now));
        if (refund.sources().document().isPositive()) {
            // Paid another way or annulled while the refund was pending: it owes nothing, so no checkout and no event.
            documents.lock(refund.scope(), refund.documentId().orElseThrow())
                    .filter(reopened -> reopened.status() == DocumentStatus.CREATED && reopened.balance().isPositive())
                    .ifPresent(reopened -> book.reopened(reopened, Map.of("refund", RefundEvents.body(refund)), now));
        }
        if (refund.externalPaymentId().isEmpty()) {
            return; // a ledger payment's money: the reopened invoice's event says it
        }
        String type = refund.kind() == RefundKind.CHARGEBACK ? EXTERNAL_PAYMENT_CHARGED_BACK : EXTERNAL_PAYMENT_REFUNDED;
        UUID eventId = UUID.randomUUID();
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("id", eventId.toString());
        body.put("type", type);
        body.put("created_at", now.toString());
        body.put("refund", RefundEvents.body(refund));
        outbox.append(new OutboxEvent(eventId, refund.scope(), refund.externalPaymentId().orElseThrow(), type, now, body));
    }

    /**
     * Phase 3 of a refund the processor declined: the money goes back where it was taken from. The
     * document it reopened is paid again with as much as it still owes (all of it, unless it was paid
     * another way meanwhile); what it no longer takes becomes the customer's credit, as any money a
     * document no longer takes does.
     */
    void putBack(Refund refund, Instant now) {
        Money toDocument = refund.sources().document();
        Optional<CollectionDocument> reopened = toDocument.isPositive()
                ? documents.lock(refund.scope(), refund.documentId().orElseThrow())
                : Optional.empty();
        Money owed = reopened.filter(document -> document.status() == DocumentStatus.CREATED)
                .map(document -> document.balance().min(toDocument)).orElse(Money.zero(toDocument.currency()));
        Optional<ReturnVerdict> verdict = reopened.filter(document -> owed.isPositive())
                .map(document -> DocumentLifecycle.repay(document, owed));
        boolean repays = verdict.filter(ReturnVerdict.Repay.class::isInstance).isPresent();
        Money repaid = repays ? owed : Money.zero(toDocument.currency());
        Money toCredit = refund.sources().credit().plus(toDocument.minus(repaid));
        List<Entry> entries = new ArrayList<>();
        entries.add(Entry.debit(AccountCode.refundInFlight(refund.id()), refund.amount()));
        if (refund.sources().unapplied().isPositive()) {
            entries.add(Entry.credit(AccountCode.unappliedPayment(refund.paymentId()), refund.sources().unapplied()));
        }
        if (toCredit.isPositive()) {
            entries.add(Entry.credit(AccountCode.customerCredit(refund.customerId().orElseThrow()), toCredit));
        }
        if (repays) {
            entries.add(Entry.credit(AccountCode.receivable(refund.documentId().orElseThrow()), repaid));
        }
        Transfer transfer = transfer(refund, TransferKind.REFUND_PUT_BACK, entries, now);
        ledger.post(transfer);
        Payment payment = payments.findById(refund.scope(), refund.paymentId()).orElseThrow();
        payments.update(payment.withMoneyReturned(repaid.negate(), toCredit.negate(), now));
        if (repays) {
            CollectionDocument document = reopened.orElseThrow();
            application(refund, document, repaid, transfer, now);
            documents.update(document.withPayment(repaid, ((ReturnVerdict.Repay) verdict.orElseThrow()).status(), now));
        }
    }

    /** The payment's money a refund takes, one debit per place it sits. */
    private static List<Entry> taken(Refund refund) {
        List<Entry> entries = new ArrayList<>();
        if (refund.sources().unapplied().isPositive()) {
            entries.add(Entry.debit(AccountCode.unappliedPayment(refund.paymentId()), refund.sources().unapplied()));
        }
        if (refund.sources().credit().isPositive()) {
            entries.add(Entry.debit(AccountCode.customerCredit(refund.customerId().orElseThrow()), refund.sources().credit()));
        }
        if (refund.sources().document().isPositive()) {
            entries.add(Entry.debit(AccountCode.receivable(refund.documentId().orElseThrow()), refund.sources().document()));
        }
        return entries;
    }

    private void application(Refund refund, CollectionDocument document, Money amount, Transfer transfer, Instant now) {
        int position = payments.applicationsOfPayment(refund.scope(), refund.paymentId()).size();
        payments.insertApplication(refund.scope(), new PaymentApplication(UUID.randomUUID(), refund.paymentId(), document.id(),
                amount, transfer.id(), position, now, Optional.of(refund.id())));
    }

    private static Transfer transfer(Refund refund, TransferKind kind, List<Entry> entries, Instant now) {
        return new Transfer(UUID.randomUUID(), refund.scope(), kind, entries, refund.documentId(),
                Optional.of(refund.paymentId()), now);
    }
}

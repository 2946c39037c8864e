package dev.recaudo.application.invoice;

import dev.recaudo.application.invoice.DocumentBook.ReceivedPart;
import dev.recaudo.domain.document.CollectionDocument;
import dev.recaudo.domain.document.CollectionDocumentRepository;
import dev.recaudo.domain.document.DocumentStatus;
import dev.recaudo.domain.ledger.AccountCode;
import dev.recaudo.domain.ledger.Ledger;
import dev.recaudo.domain.ledger.Transfer;
import dev.recaudo.domain.ledger.TransferKind;
import dev.recaudo.domain.payment.Payment;
import dev.recaudo.domain.payment.PaymentApplication;
import dev.recaudo.domain.payment.PaymentRepository;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.UUID;

/**
 * The money of a received payment applied to the documents it pays, for {@link DocumentBook}: a
 * transfer per document from the payment's unapplied account to the document's receivable, then
 * every application in one insert and every document in one update, so that a payment of several
 * documents costs two statements for them, not two per document.
 */
final class ReceivedApplications {

    private final CollectionDocumentRepository documents;
    private final PaymentRepository payments;
    private final Ledger ledger;

    ReceivedApplications(CollectionDocumentRepository documents, PaymentRepository payments, Ledger ledger) {
        this.documents = documents;
        this.payments = payments;
        this.ledger = ledger;
    }

    /**
     * Applies the parts in their order, at the places among the payment's applications from
     * {@code firstPosition} on; a document its part settles is {@code PAID}, one left owing stays
     * {@code CREATED}. The documents as applied, in the parts' order. The transfers {@code alongside}
     * (the payment's arrival, its conversion) are posted first, in the same round trip as the parts'.
     */
    List<CollectionDocument> apply(Payment payment, List<ReceivedPart> parts, int firstPosition, Instant now,
            List<Transfer> alongside) {
        List<Transfer> transfers = new ArrayList<>(alongside);
        List<PaymentApplication> applications = new ArrayList<>();
        List<CollectionDocument> applied = new ArrayList<>();
        for (ReceivedPart part : parts) {
            CollectionDocument document = part.document();
            Transfer transfer = Transfer.move(document.scope(), TransferKind.PAYMENT_APPLIED,
                    AccountCode.unappliedPayment(payment.id()), AccountCode.receivable(document.id()), part.amount(),
                    Optional.of(document.id()), Optional.of(payment.id()), now);
            transfers.add(transfer);
            applications.add(new PaymentApplication(UUID.randomUUID(), payment.id(), document.id(), part.amount(),
                    transfer.id(), firstPosition + applications.size(), now));
            boolean settles = part.amount().equals(document.balance());
            applied.add(document.withPayment(part.amount(), settles ? DocumentStatus.PAID : DocumentStatus.CREATED, now));
        }
        ledger.post(transfers);
        payments.insertApplications(payment.scope(), applications);
        documents.updatePaid(applied);
        return applied;
    }
}

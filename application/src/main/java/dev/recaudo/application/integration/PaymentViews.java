package dev.recaudo.application.integration;

import dev.recaudo.application.customer.KnownCustomers;
import dev.recaudo.application.integration.VerifiedPaymentsUseCase.PaymentView;
import dev.recaudo.domain.customer.CustomerLink;
import dev.recaudo.domain.document.CollectionDocumentRepository;
import dev.recaudo.domain.payment.Payment;
import dev.recaudo.domain.payment.PaymentRepository;
import dev.recaudo.domain.payment.PaymentRepository.PaidDocument;
import java.util.List;
import java.util.Optional;

/**
 * A payment as the integrations API answers with it: the payment, the documents it paid and the
 * customer as its partner knows it. Read back for a repeated request, a read or a list; built from
 * what it wrote for the request that has just applied the payment, without reading it back.
 */
final class PaymentViews {

    private final PaymentRepository payments;
    private final CollectionDocumentRepository documents;
    private final KnownCustomers knownCustomers;

    PaymentViews(PaymentRepository payments, CollectionDocumentRepository documents, KnownCustomers knownCustomers) {
        this.payments = payments;
        this.documents = documents;
        this.knownCustomers = knownCustomers;
    }

    /** The payment as stored, with its applications read back. */
    PaymentView read(Payment payment) {
        return withPaid(payment, payments.applicationsOfPayment(payment.scope(), payment.id()));
    }

    /** The payment with the applications the caller made, its customer read. */
    PaymentView withPaid(Payment payment, List<PaidDocument> paid) {
        return new PaymentView(payment, paid, knownCustomers.ofPayment(payment, () -> paid.stream().findFirst()
                .flatMap(document -> documents.find(payment.scope(), document.documentId()))));
    }

    /**
     * The answer of the request that has just written the payment, equal to what {@link #read} gives
     * afterwards: the payment names the customer of {@code link} by the link's own id, and that link is
     * the one {@link KnownCustomers#ofPayment} finds first.
     */
    static PaymentView written(Payment payment, List<PaidDocument> paid, CustomerLink link) {
        return new PaymentView(payment, paid, Optional.of(link.known()));
    }
}

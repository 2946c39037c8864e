package dev.recaudo.e2e.invoices;

import dev.recaudo.application.common.Transactions;
import dev.recaudo.application.invoice.DocumentBook;
import dev.recaudo.domain.apikey.KeyEnvironment;
import dev.recaudo.domain.common.TenantScope;
import dev.recaudo.domain.company.CompanyId;
import dev.recaudo.domain.document.CollectionDocument;
import dev.recaudo.domain.document.CollectionDocumentRepository;
import dev.recaudo.domain.document.DocumentId;
import dev.recaudo.domain.document.DocumentStatus;
import dev.recaudo.domain.ledger.AccountCode;
import dev.recaudo.domain.money.Money;
import dev.recaudo.domain.payment.Payment;
import dev.recaudo.domain.payment.PaymentKind;
import dev.recaudo.domain.payment.PaymentRepository;
import dev.recaudo.e2e.support.Tenants;
import io.quarkus.arc.Arc;
import java.time.Instant;
import java.util.Optional;
import java.util.UUID;

/**
 * Applies part of a document's balance as a partner-verified payment, through the real ledger and
 * repositories, the way the integrations API's verified payments do. The public invoice API itself
 * never makes partial payments; the states table still says what they forbid.
 */
final class PartialPayments {

    private PartialPayments() {}

    static void apply(Tenants.Key key, String invoiceId, long amountMinor) {
        Transactions transactions = Arc.container().instance(Transactions.class).get();
        CollectionDocumentRepository documents = Arc.container().instance(CollectionDocumentRepository.class).get();
        PaymentRepository payments = Arc.container().instance(PaymentRepository.class).get();
        DocumentBook book = Arc.container().instance(DocumentBook.class).get();
        boolean test = key.secret().startsWith("rk_test_");
        TenantScope scope = new TenantScope(new CompanyId(key.company().id()), test ? KeyEnvironment.TEST : KeyEnvironment.LIVE);
        transactions.inTransaction(() -> {
            CollectionDocument document = documents.lock(scope, new DocumentId(UUID.fromString(invoiceId))).orElseThrow();
            Money amount = Money.of(amountMinor, document.total().currency());
            Instant now = Instant.now();
            Payment payment = new Payment(UUID.randomUUID(), scope, document.source(), "partial-" + UUID.randomUUID(),
                    PaymentKind.VERIFIED, Optional.of(document.customerId()), amount, amount, Money.zero(amount.currency()),
                    "applied", now, now);
            payments.insert(payment);
            return book.applyPayment(document, payment, amount, AccountCode.partnerCollections(document.source()),
                    DocumentStatus.CREATED, now);
        });
    }
}

package dev.recaudo.application.integration;

import dev.recaudo.application.common.Rollback;
import dev.recaudo.application.common.Transactions;
import dev.recaudo.application.customer.KnownCustomers;
import dev.recaudo.application.customer.UpsertCustomerUseCase;
import dev.recaudo.application.customer.UpsertCustomerUseCase.UpsertResult.Created;
import dev.recaudo.application.customer.UpsertCustomerUseCase.UpsertResult.TaxIdentityChanged;
import dev.recaudo.application.customer.UpsertCustomerUseCase.UpsertResult.TaxIdentityTaken;
import dev.recaudo.application.customer.UpsertCustomerUseCase.UpsertResult.Unchanged;
import dev.recaudo.application.customer.UpsertCustomerUseCase.UpsertResult.Updated;
import dev.recaudo.application.invoice.DocumentBook;
import dev.recaudo.domain.common.ChangeSlice;
import dev.recaudo.domain.common.TenantScope;
import dev.recaudo.domain.customer.CustomerLink;
import dev.recaudo.domain.customer.CustomerRepository;
import dev.recaudo.domain.document.CollectionDocument;
import dev.recaudo.domain.document.CollectionDocumentRepository;
import dev.recaudo.domain.document.DocumentId;
import dev.recaudo.domain.document.DocumentLifecycle;
import dev.recaudo.domain.document.DocumentLifecycle.AnnulVerdict;
import dev.recaudo.domain.document.DocumentLifecycle.UpdateVerdict;
import dev.recaudo.domain.document.IntegrationDocumentQuery;
import dev.recaudo.domain.money.Money;
import dev.recaudo.domain.payment.Payment;
import dev.recaudo.domain.upsert.PartnerRecord;
import dev.recaudo.domain.upsert.UpsertOrder;
import java.time.Clock;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * Synchronizes a partner's documents: the customer first, then the document by its stable
 * external id, under a lock on that identity so racing upserts create it once. Money follows the
 * public API's rules: a new total is allowed only while nothing is applied. A new document is in a
 * currency verified payments can settle. An upsert signed before the last one applied to the
 * document changes nothing; one signed before the last one applied to its customer leaves the
 * customer's newer data and still writes the document.
 */
public final class CollectionDocumentsService implements CollectionDocumentsUseCase {

    private final CollectionDocumentRepository documents;
    private final CustomerRepository customers;
    private final KnownCustomers knownCustomers;
    private final UpsertCustomerUseCase customerUpserts;
    private final UpsertOrder order;
    private final DocumentDossiers dossiers;
    private final DocumentBook book;
    private final Transactions transactions;
    private final Clock clock;

    public CollectionDocumentsService(
            CollectionDocumentRepository documents,
            CustomerRepository customers,
            UpsertCustomerUseCase customerUpserts,
            UpsertOrder order,
            DocumentDossiers dossiers,
            DocumentBook book,
            Transactions transactions,
            Clock clock) {
        this.documents = documents;
        this.customers = customers;
        this.knownCustomers = new KnownCustomers(customers);
        this.customerUpserts = customerUpserts;
        this.order = order;
        this.dossiers = dossiers;
        this.book = book;
        this.transactions = transactions;
        this.clock = clock;
    }

    @Override
    public UpsertResult upsert(UpsertDocument command) {
        return transactions.inTransactionOrRollback(UpsertResult.class, () -> upsertInTransaction(command));
    }

    private UpsertResult upsertInTransaction(UpsertDocument command) {
        TenantScope scope = command.scope();
        documents.lockIdentity(scope, command.source(), command.externalDocumentId());
        // One statement orders the document and its customer; the customer's row is held before its
        // identity lock is taken, as a customer upsert does, so the two never wait on each other in turn.
        PartnerRecord documentRecord = PartnerRecord.document(command.source(), command.externalDocumentId());
        PartnerRecord customerRecord = PartnerRecord.customer(command.source(), command.customerExternalId());
        Set<PartnerRecord> stale = order.advance(scope, command.signedAt(), List.of(documentRecord, customerRecord));
        if (stale.contains(documentRecord)) {
            // Also rolls back the customer's time, which the same statement may have recorded.
            throw rollback(Rejection.STALE);
        }
        CustomerLink customer = stale.contains(customerRecord) ? newerCustomer(command) : synchronizeCustomer(command);
        Money total = command.lines().stream()
                .map(line -> Money.of(line.amountMinor(), command.currency()))
                .reduce(Money.zero(command.currency()), Money::plus);
        Instant now = clock.instant();
        Optional<CollectionDocument> existing =
                documents.findByExternalId(scope, command.source(), command.externalDocumentId());
        if (existing.isEmpty()) {
            if (!Payment.VERIFIED_CURRENCIES.contains(command.currency())) {
                // Documents that already exist in such a currency (public invoices in the company's
                // reference currency, older ones) keep it: only new ones are refused.
                throw rollback(Rejection.CURRENCY_NOT_SETTLEABLE);
            }
            CollectionDocument document = CollectionDocument.partnerDocument(scope, command.source(),
                    command.externalDocumentId(), customer.companyCustomerId(), command.customerExternalId(),
                    customer.profile().taxId(), command.details(), command.metadataJson(), total, now);
            documents.insert(document);
            documents.replaceLines(scope, document.id(), command.lines());
            book.announce(DocumentBook.INVOICE_CREATED, book.issued(document, now), now);
            return new UpsertResult.Created(view(document.id(), scope));
        }
        CollectionDocument document = documents.lock(scope, existing.get().id()).orElseThrow();
        if (!document.customerId().equals(customer.companyCustomerId())) {
            throw rollback(Rejection.CUSTOMER_CHANGED);
        }
        if (document.total().currency() != command.currency()) {
            throw rollback(Rejection.CURRENCY_CHANGED);
        }
        boolean sameLines = documents.lines(scope, document.id()).equals(command.lines());
        if (sameLines && document.total().equals(total) && document.details().equals(command.details())) {
            return new UpsertResult.Unchanged(view(document.id(), scope));
        }
        UpdateVerdict verdict = DocumentLifecycle.update(document, total);
        if (verdict instanceof UpdateVerdict.Rejected rejected) {
            throw rollback(switch (rejected.reason()) {
                case PAYMENTS_APPLIED, MONEY_APPLIED -> Rejection.PAYMENTS_APPLIED;
                case SETTLED_AMOUNT_DIFFERS -> Rejection.SETTLED_AMOUNT_DIFFERS;
                case STATUS_FORBIDS -> Rejection.STATUS_FORBIDS;
                case TOTAL_FOLLOWS_LINES -> throw new IllegalStateException("an upsert's total is the sum of its own lines");
            });
        }
        CollectionDocument described = document.withDetails(document.reference(), command.details(), now);
        if (verdict instanceof UpdateVerdict.AmountChange) {
            book.changeTotal(described, total, now);
        } else {
            book.describe(described, now);
        }
        documents.replaceLines(scope, document.id(), command.lines());
        return new UpsertResult.Updated(view(document.id(), scope));
    }

    /**
     * The customer as an upsert of it signed later left it: its data stays. It exists, since that
     * upsert linked it; were it gone, the customer would be synchronized as if it were new.
     */
    private CustomerLink newerCustomer(UpsertDocument command) {
        return customers.findLink(command.scope(), command.source(), command.customerExternalId())
                .orElseGet(() -> synchronizeCustomer(command));
    }

    private CustomerLink synchronizeCustomer(UpsertDocument command) {
        UpsertCustomerUseCase.UpsertResult result = customerUpserts.synchronize(
                command.scope(), command.source(), command.customerExternalId(), command.customer());
        if (result instanceof Created created) {
            return created.customer();
        }
        if (result instanceof Updated updated) {
            return updated.customer();
        }
        if (result instanceof Unchanged unchanged) {
            return unchanged.customer();
        }
        if (result instanceof TaxIdentityChanged) {
            throw rollback(Rejection.TAX_IDENTITY_CHANGED);
        }
        if (result instanceof TaxIdentityTaken) {
            throw rollback(Rejection.TAX_IDENTITY_TAKEN);
        }
        throw new IllegalStateException("unknown customer upsert result " + result);
    }

    /** Rolls back everything the upsert wrote before its rejection was found. */
    private static Rollback rollback(Rejection reason) {
        return new Rollback(new UpsertResult.Rejected(reason));
    }

    @Override
    public Optional<DocumentView> get(TenantScope scope, String source, String externalDocumentId) {
        return dossiers.byExternalId(scope, source, externalDocumentId).map(CollectionDocumentsService::view);
    }

    @Override
    public Optional<DocumentView> byId(TenantScope scope, DocumentId id) {
        return dossiers.byId(scope, id).map(CollectionDocumentsService::view);
    }

    @Override
    public ChangeSlice<DocumentView> list(TenantScope scope, IntegrationDocumentQuery query, Optional<String> customerExternalId) {
        return knownCustomers.list(scope, query, customerExternalId, narrowed -> documents.list(scope, narrowed))
                .mapAll(page -> dossiers.of(scope, page).stream().map(CollectionDocumentsService::view).toList());
    }

    @Override
    public CancelResult cancel(TenantScope scope, String source, String externalDocumentId) {
        return transactions.inTransaction(() -> {
            documents.lockIdentity(scope, source, externalDocumentId);
            Optional<CollectionDocument> found = documents.findByExternalId(scope, source, externalDocumentId)
                    .flatMap(document -> documents.lock(scope, document.id()));
            if (found.isEmpty()) {
                return new CancelResult.NotFound();
            }
            AnnulVerdict verdict = DocumentLifecycle.annul(found.get());
            if (verdict instanceof AnnulVerdict.Rejected rejected) {
                return new CancelResult.Rejected(rejected.reason() == DocumentLifecycle.Rejection.STATUS_FORBIDS
                        ? Rejection.STATUS_FORBIDS : Rejection.MONEY_APPLIED);
            }
            if (verdict instanceof AnnulVerdict.Annul) {
                book.annul(found.get(), clock.instant());
            }
            return new CancelResult.Canceled(view(found.get().id(), scope));
        });
    }

    private DocumentView view(DocumentId id, TenantScope scope) {
        return view(dossiers.byId(scope, id).orElseThrow());
    }

    private static DocumentView view(DocumentDossiers.Dossier dossier) {
        return new DocumentView(dossier.document(), KnownCustomers.ofDocument(dossier.document(), dossier.namedLink(),
                dossier.firstLink(), dossier.customer()), dossier.lines(), dossier.applications());
    }
}

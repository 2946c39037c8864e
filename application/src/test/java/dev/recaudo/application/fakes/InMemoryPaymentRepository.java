package dev.recaudo.application.fakes;

import dev.recaudo.domain.common.ChangeSlice;
import dev.recaudo.domain.common.TenantScope;
import dev.recaudo.domain.customer.CustomerLink;
import dev.recaudo.domain.document.CollectionDocument;
import dev.recaudo.domain.document.DocumentId;
import dev.recaudo.domain.payment.Payment;
import dev.recaudo.domain.payment.PaymentApplication;
import dev.recaudo.domain.payment.PaymentKind;
import dev.recaudo.domain.payment.PaymentListQuery;
import dev.recaudo.domain.payment.PaymentRepository;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;

/**
 * Payments, their applications and certified rates in memory, keyed like the database keys them,
 * counting every write. An application needs its payment and a free place among the payment's
 * applications, as the foreign key and the unique index make it. The reads that join documents
 * need the document store; the change list is SQL, tested against the database.
 */
public final class InMemoryPaymentRepository implements PaymentRepository, TransactionalFake {

    private record Identity(TenantScope scope, String source, String externalPaymentId) {}

    private record StoredApplication(TenantScope scope, PaymentApplication application) {}

    private final Optional<InMemoryDocumentRepository> documents;
    private final Optional<InMemoryCustomerRepository> customers;
    private Map<Identity, Payment> payments = new LinkedHashMap<>();
    private List<StoredApplication> applications = new ArrayList<>();
    private List<ExchangeRate> exchangeRates = new ArrayList<>();
    private int writes;

    /** Without documents and customers: the reads that join them are refused. */
    public InMemoryPaymentRepository() {
        this.documents = Optional.empty();
        this.customers = Optional.empty();
    }

    public InMemoryPaymentRepository(InMemoryDocumentRepository documents, InMemoryCustomerRepository customers) {
        this.documents = Optional.of(documents);
        this.customers = Optional.of(customers);
    }

    @Override
    public void insert(Payment payment) {
        Identity identity = new Identity(payment.scope(), payment.source(), payment.externalPaymentId());
        if (payments.putIfAbsent(identity, payment) != null) {
            throw new IllegalStateException("duplicate payment " + identity);
        }
        writes++;
    }

    @Override
    public void update(Payment payment) {
        Identity identity = new Identity(payment.scope(), payment.source(), payment.externalPaymentId());
        if (payments.replace(identity, payment) == null) {
            throw new IllegalStateException("no payment " + identity);
        }
        writes++;
    }

    /** One thread: nothing to serialize; the link is read as the statement's join reads it. */
    @Override
    public LockedVerified lockVerified(TenantScope scope, String source, String externalPaymentId,
            Optional<String> customerExternalId) {
        Optional<Payment> payment = find(scope, source, externalPaymentId).filter(found -> found.kind() == PaymentKind.VERIFIED);
        Optional<CustomerLink> link = customerExternalId.flatMap(id -> customers.orElseThrow(
                () -> new IllegalStateException("this fake was made without customers")).findLink(scope, source, id));
        return new LockedVerified(payment, link);
    }

    @Override
    public Optional<Payment> find(TenantScope scope, String source, String externalPaymentId) {
        return Optional.ofNullable(payments.get(new Identity(scope, source, externalPaymentId)))
                .filter(Payment::shownByIntegrations);
    }

    @Override
    public List<Payment> findByIds(TenantScope scope, Collection<UUID> ids) {
        return payments.values().stream().filter(payment -> payment.scope().equals(scope) && ids.contains(payment.id()))
                .toList();
    }

    @Override
    public Optional<Payment> findById(TenantScope scope, UUID id) {
        return payment(id).filter(payment -> payment.scope().equals(scope));
    }

    @Override
    public Optional<Payment> findRecaudoNamed(TenantScope scope, String externalPaymentId) {
        return payments.values().stream().filter(payment -> payment.scope().equals(scope)
                && payment.kind() != dev.recaudo.domain.payment.PaymentKind.VERIFIED
                && payment.externalPaymentId().equals(externalPaymentId)).findFirst();
    }

    @Override
    public Optional<Payment> findByProviderReference(TenantScope scope, String reference) {
        return payments.values().stream().filter(payment -> payment.scope().equals(scope)
                && payment.providerPaymentId().equals(Optional.of(reference)))
                .min(java.util.Comparator.comparing(Payment::createdAt));
    }

    @Override
    public void insertApplication(TenantScope scope, PaymentApplication application) {
        if (payment(application.paymentId()).filter(payment -> payment.scope().equals(scope)).isEmpty()) {
            throw new IllegalStateException("no payment " + application.paymentId() + " in this tenant");
        }
        boolean placeTaken = applications.stream().anyMatch(stored -> stored.application().paymentId()
                .equals(application.paymentId()) && stored.application().position() == application.position());
        if (placeTaken || (!application.amount().isPositive() && application.refundId().isEmpty())) {
            throw new IllegalStateException("an application takes a free place and a positive amount, unless a refund's");
        }
        applications.add(new StoredApplication(scope, application));
        writes++;
    }

    @Override
    public void insertApplications(TenantScope scope, List<PaymentApplication> applications) {
        applications.forEach(application -> insertApplication(scope, application));
    }

    @Override
    public Optional<UUID> latestPaymentFor(TenantScope scope, DocumentId documentId) {
        List<PaymentApplication> ofDocument = ofDocument(scope, documentId);
        return ofDocument.isEmpty() ? Optional.empty() : Optional.of(ofDocument.get(ofDocument.size() - 1).paymentId());
    }

    /** The payments applied to the document, as a dossier shows them ({@link InMemoryDocumentDossiers}). */
    public List<AppliedPayment> applicationsOfDocument(TenantScope scope, DocumentId documentId) {
        return ofDocument(scope, documentId).stream().map(application -> {
            Payment payment = payment(application.paymentId()).orElseThrow();
            return new AppliedPayment(payment.id(), application.amount(), payment.source(), payment.externalPaymentId(),
                    payment.kind(), payment.outcome(), application.appliedAt());
        }).toList();
    }

    @Override
    public List<PaidDocument> applicationsOfPayment(TenantScope scope, UUID paymentId) {
        InMemoryDocumentRepository store = documents.orElseThrow(
                () -> new UnsupportedOperationException("this fake was made without documents"));
        return applications.stream()
                .filter(stored -> stored.scope().equals(scope) && stored.application().paymentId().equals(paymentId))
                .map(StoredApplication::application)
                .sorted(Comparator.comparingInt(PaymentApplication::position))
                .map(application -> {
                    CollectionDocument document = store.get(application.documentId());
                    return new PaidDocument(document.id(), document.externalDocumentId(), application.amount(),
                            document.balance());
                })
                .toList();
    }

    @Override
    public void insertExchangeRate(ExchangeRate rate) {
        exchangeRates.add(rate);
        writes++;
    }

    @Override
    public ChangeSlice<Payment> list(TenantScope scope, PaymentListQuery query) {
        throw new UnsupportedOperationException("change lists are not kept in memory");
    }

    @Override
    public Runnable captureRollback() {
        Map<Identity, Payment> savedPayments = new LinkedHashMap<>(payments);
        List<StoredApplication> savedApplications = new ArrayList<>(applications);
        List<ExchangeRate> savedRates = new ArrayList<>(exchangeRates);
        int savedWrites = writes;
        return () -> {
            payments = savedPayments;
            applications = savedApplications;
            exchangeRates = savedRates;
            writes = savedWrites;
        };
    }

    /** Inserts, updates, applications and rates written so far. */
    public int writes() {
        return writes;
    }

    public List<ExchangeRate> exchangeRates() {
        return List.copyOf(exchangeRates);
    }

    /** Every payment stored, in insertion order. */
    public List<Payment> all() {
        return List.copyOf(payments.values());
    }

    /** Every application of every payment, in the order they were made. */
    public List<PaymentApplication> applications() {
        return applications.stream().map(StoredApplication::application).toList();
    }

    private Optional<Payment> payment(UUID paymentId) {
        return payments.values().stream().filter(payment -> payment.id().equals(paymentId)).findFirst();
    }

    private List<PaymentApplication> ofDocument(TenantScope scope, DocumentId documentId) {
        return applications.stream()
                .filter(stored -> stored.scope().equals(scope) && stored.application().documentId().equals(documentId))
                .map(StoredApplication::application)
                .toList();
    }
}

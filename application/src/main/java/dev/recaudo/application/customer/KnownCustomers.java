package dev.recaudo.application.customer;

import dev.recaudo.domain.common.ChangeSlice;
import dev.recaudo.domain.common.CustomerNarrowable;
import dev.recaudo.domain.common.TenantScope;
import dev.recaudo.domain.customer.Customer;
import dev.recaudo.domain.customer.CustomerLink;
import dev.recaudo.domain.customer.CustomerProfile;
import dev.recaudo.domain.customer.CustomerRepository;
import dev.recaudo.domain.customer.KnownCustomer;
import dev.recaudo.domain.document.CollectionDocument;
import dev.recaudo.domain.document.DocumentDetails;
import dev.recaudo.domain.payment.Payment;
import java.util.Optional;
import java.util.UUID;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * The customer of a document or payment as its partner knows it, which is what every reader of that
 * record sees (only the record's partner, or a key without a source, reads it). In order: the link
 * the record names, the partner's oldest link to the customer, or for a public invoice's customer
 * the partner never linked, the invoice's own name, e-mail, phone and reference. Never another
 * partner's data, nor the data someone else created the customer with.
 */
public final class KnownCustomers {

    private final CustomerRepository customers;

    public KnownCustomers(CustomerRepository customers) {
        this.customers = customers;
    }

    /** The company's id of the customer the partner names by its own id; empty when it names none. */
    public Optional<UUID> companyCustomerId(TenantScope scope, String source, String customerExternalId) {
        return customers.findLink(scope, source, customerExternalId).map(CustomerLink::companyCustomerId);
    }

    /**
     * The page {@code read} gives for {@code query}, narrowed to the customer the partner names by its
     * own id when it names one. A customer the partner does not know has no records: its page is empty
     * and leaves the reader where it was.
     */
    public <Q extends CustomerNarrowable<Q>, T> ChangeSlice<T> list(TenantScope scope, Q query,
            Optional<String> customerExternalId, Function<Q, ChangeSlice<T>> read) {
        if (customerExternalId.isEmpty()) {
            return read.apply(query);
        }
        return query.source().flatMap(source -> companyCustomerId(scope, source, customerExternalId.get()))
                .map(customerId -> read.apply(query.ofCustomer(customerId)))
                .orElseGet(() -> ChangeSlice.empty(query.after()));
    }

    /**
     * The document's customer as its partner knows it: the link the document names when it is of the
     * document's customer, else the partner's first link to it ({@code firstLink}), else as the
     * document itself describes it (a public invoice of a partner without a link).
     */
    public static KnownCustomer ofDocument(CollectionDocument document, Optional<CustomerLink> namedLink,
            Optional<CustomerLink> firstLink, Customer customer) {
        return namedLink.filter(link -> link.companyCustomerId().equals(document.customerId())).or(() -> firstLink)
                .map(CustomerLink::known)
                .orElseGet(() -> asInvoiceDescribesIt(document, customer));
    }

    /** Empty for a payment without a customer; {@code paidDocument} is read only when no link names it. */
    public Optional<KnownCustomer> ofPayment(Payment payment, Supplier<Optional<CollectionDocument>> paidDocument) {
        if (payment.customerId().isEmpty()) {
            return Optional.empty();
        }
        return linkOf(payment.scope(), payment.source(), payment.customerId().get(), payment.customerExternalId())
                .map(CustomerLink::known)
                .or(() -> paidDocument.get().map(document ->
                        asInvoiceDescribesIt(document, customers.find(document.scope(), document.customerId()).orElseThrow())));
    }

    private Optional<CustomerLink> linkOf(TenantScope scope, String source, UUID customerId, Optional<String> externalId) {
        return externalId.flatMap(id -> customers.findLink(scope, source, id))
                .filter(link -> link.companyCustomerId().equals(customerId))
                .or(() -> customers.findFirstLink(scope, source, customerId));
    }

    private static KnownCustomer asInvoiceDescribesIt(CollectionDocument document, Customer customer) {
        DocumentDetails details = document.details();
        return new KnownCustomer(customer.id(), customer.globalId(), new CustomerProfile(Optional.empty(), details.name(),
                details.email(), details.phone(), document.reference(), Optional.empty()));
    }
}

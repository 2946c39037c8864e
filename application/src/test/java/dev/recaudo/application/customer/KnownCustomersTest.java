package dev.recaudo.application.customer;

import static org.assertj.core.api.Assertions.assertThat;

import dev.recaudo.application.fakes.InMemoryCustomerRepository;
import dev.recaudo.domain.apikey.KeyEnvironment;
import dev.recaudo.domain.common.ChangePosition;
import dev.recaudo.domain.common.ChangeSlice;
import dev.recaudo.domain.common.CustomerNarrowable;
import dev.recaudo.domain.common.TenantScope;
import dev.recaudo.domain.company.CompanyId;
import dev.recaudo.domain.customer.Customer;
import dev.recaudo.domain.customer.CustomerLink;
import dev.recaudo.domain.customer.CustomerProfile;
import dev.recaudo.domain.customer.KnownCustomer;
import dev.recaudo.domain.document.CollectionDocument;
import dev.recaudo.domain.document.DocumentDetails;
import dev.recaudo.domain.money.CurrencyCode;
import dev.recaudo.domain.money.Money;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/** Whose data a document's reader sees: always the document's partner's, never another's. */
class KnownCustomersTest {

    private static final TenantScope SCOPE = new TenantScope(CompanyId.random(), KeyEnvironment.LIVE);
    private static final Instant NOW = Instant.parse("2026-11-22T10:00:00Z");

    private final InMemoryCustomerRepository customers = new InMemoryCustomerRepository();
    private final KnownCustomers known = new KnownCustomers(customers);
    private final Customer alice = Customer.create(SCOPE, profile("Alice", "alice@real.test"), NOW);

    private static CustomerProfile profile(String name, String email) {
        return new CustomerProfile(Optional.empty(), name, Optional.of(email), Optional.empty(), Optional.of("V-1"), Optional.empty());
    }

    /** A public invoice when no partner's id of the customer is given, else the partner's synchronized document. */
    private CollectionDocument invoiceOf(String source, Optional<String> customerExternalId) {
        DocumentDetails details = new DocumentDetails("Invoice name", Optional.empty(), Optional.of("+15550000000"),
                Optional.of("b@partner.test"), Optional.empty(), Optional.empty(), Optional.empty());
        Money total = Money.of(1000, CurrencyCode.USD);
        return customerExternalId
                .map(externalId -> CollectionDocument.partnerDocument(SCOPE, source, "INV-1", alice.id(), externalId,
                        Optional.of("V 1"), details, Optional.empty(), total, NOW))
                .orElseGet(() -> CollectionDocument.invoice(SCOPE, source, "INV-1", Optional.of("INV-1"), alice.id(), "V 1",
                        details, Optional.empty(), total, NOW));
    }

    @Test
    void givenAPublicInvoiceOfAPartnerWithoutLink_whenViewed_thenTheInvoicesOwnDataNotTheCustomersCreator() {
        customers.insert(alice);
        customers.insertLink(CustomerLink.create(alice, "erpA", "A-C1", alice.profile(), NOW));

        CustomerProfile seen = seen(invoiceOf("erpB", Optional.empty())).profile();

        assertThat(seen).isEqualTo(new CustomerProfile(Optional.empty(), "Invoice name", Optional.of("b@partner.test"),
                Optional.of("+15550000000"), Optional.of("V 1"), Optional.empty()));
    }

    @Test
    void givenAPartnerWithLinks_whenViewingItsDocument_thenTheLinkTheDocumentNamesElseItsOldest() {
        customers.insert(alice);
        customers.insertLink(CustomerLink.create(alice, "erpB", "B-1", profile("B first", "b1@partner.test"), NOW));
        customers.insertLink(CustomerLink.create(alice, "erpB", "B-2", profile("B second", "b2@partner.test"), NOW.plusSeconds(1)));

        assertThat(seen(invoiceOf("erpB", Optional.of("B-2"))).profile().name()).isEqualTo("B second");
        assertThat(seen(invoiceOf("erpB", Optional.empty())).profile().name()).isEqualTo("B first");
        assertThat(seen(invoiceOf("erpB", Optional.empty())).companyCustomerId()).isEqualTo(alice.id());
    }

    @Test
    void givenTheDocumentNamesALinkNowOfAnotherCustomer_whenViewed_thenItsOwnCustomersFirstLink() {
        Customer bob = Customer.create(SCOPE, new CustomerProfile(Optional.empty(), "Bob", Optional.empty(), Optional.empty(),
                Optional.of("V-2"), Optional.empty()), NOW);
        customers.insert(alice);
        customers.insert(bob);
        customers.insertLink(CustomerLink.create(alice, "erpB", "B-1", profile("B of Alice", "b1@partner.test"), NOW));
        customers.insertLink(CustomerLink.create(bob, "erpB", "B-BOB", profile("B of Bob", "b2@partner.test"), NOW));

        KnownCustomer seen = seen(invoiceOf("erpB", Optional.of("B-BOB")));

        assertThat(seen.profile().name()).isEqualTo("B of Alice");
        assertThat(seen.companyCustomerId()).isEqualTo(alice.id());
    }

    /** The document's customer from the links a dossier brings: the one the document names, and its partner's first. */
    private KnownCustomer seen(CollectionDocument document) {
        return KnownCustomers.ofDocument(document,
                document.customerExternalId().flatMap(id -> customers.findLink(SCOPE, document.source(), id)),
                customers.findFirstLink(SCOPE, document.source(), document.customerId()),
                customers.find(SCOPE, document.customerId()).orElseThrow());
    }

    /** A list query as the documents and payments lists have one: a partner, a place in the change order, a customer. */
    private record Query(Optional<String> source, Optional<ChangePosition> after, Optional<UUID> customerId)
            implements CustomerNarrowable<Query> {

        @Override
        public Query ofCustomer(UUID companyCustomerId) {
            return new Query(source, after, Optional.of(companyCustomerId));
        }
    }

    private final List<Query> reads = new ArrayList<>();
    private final Optional<ChangePosition> position = Optional.of(new ChangePosition(42, UUID.randomUUID()));

    private ChangeSlice<Query> read(Query query) {
        reads.add(query);
        return new ChangeSlice<>(List.of(query), false, position);
    }

    @Test
    void givenAPartnersCustomer_whenListingByItsExternalId_thenTheReadIsNarrowedToThatCustomer() {
        customers.insert(alice);
        CustomerLink link = CustomerLink.create(alice, "erpA", "A-C1", alice.profile(), NOW);
        customers.insertLink(link);

        known.list(SCOPE, new Query(Optional.of("erpA"), position, Optional.empty()), Optional.of("A-C1"), this::read);

        assertThat(reads).containsExactly(new Query(Optional.of("erpA"), position, Optional.of(link.companyCustomerId())));
    }

    @Test
    void givenNoCustomerFilter_whenListing_thenTheQueryIsReadAsItIs() {
        Query query = new Query(Optional.of("erpA"), position, Optional.empty());

        known.list(SCOPE, query, Optional.empty(), this::read);

        assertThat(reads).containsExactly(query);
    }

    @Test
    void givenACustomerOnlyAnotherPartnerKnows_whenListing_thenAnEmptyPageThatStaysWhereItWasAndNothingIsRead() {
        customers.insert(alice);
        customers.insertLink(CustomerLink.create(alice, "erpA", "A-C1", alice.profile(), NOW));

        ChangeSlice<Query> page = known.list(SCOPE, new Query(Optional.of("erpB"), position, Optional.empty()),
                Optional.of("A-C1"), this::read);

        assertThat(page.items()).isEmpty();
        assertThat(page.hasMore()).isFalse();
        assertThat(page.next()).isEqualTo(position);
        assertThat(reads).isEmpty();
    }
}

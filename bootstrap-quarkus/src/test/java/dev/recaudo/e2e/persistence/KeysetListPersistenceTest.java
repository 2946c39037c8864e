package dev.recaudo.e2e.persistence;

import static org.assertj.core.api.Assertions.assertThat;

import dev.recaudo.application.common.Transactions;
import dev.recaudo.domain.common.ChangePosition;
import dev.recaudo.domain.common.ChangeSlice;
import dev.recaudo.domain.common.TenantScope;
import dev.recaudo.domain.document.CollectionDocument;
import dev.recaudo.domain.document.CollectionDocumentRepository;
import dev.recaudo.domain.document.DocumentStatus;
import dev.recaudo.domain.document.IntegrationDocumentQuery;
import dev.recaudo.domain.payment.Payment;
import dev.recaudo.domain.payment.PaymentListQuery;
import dev.recaudo.domain.payment.PaymentOutcome;
import dev.recaudo.domain.payment.PaymentRepository;
import dev.recaudo.e2e.persistence.DocumentPersistenceTest.Stored;
import dev.recaudo.e2e.support.Integrations;
import dev.recaudo.e2e.support.Partner;
import dev.recaudo.e2e.support.StatementRecorder;
import dev.recaudo.rest.common.RequestIds;
import io.quarkus.test.junit.QuarkusTest;
import jakarta.inject.Inject;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import java.util.function.Supplier;
import org.jboss.logging.MDC;
import org.junit.jupiter.api.Test;

/**
 * The keyset lists of documents and payments against PostgreSQL: a page is one statement whatever
 * it holds (no N+1), its rows read exactly as the entity reads one row, and the positions walk the
 * change order without skipping or repeating a row. A list shows a change once every older write
 * transaction on the server has ended, so each test first waits for that.
 */
@QuarkusTest
class KeysetListPersistenceTest {

    @Inject
    CollectionDocumentRepository documents;

    @Inject
    PaymentRepository payments;

    @Inject
    Transactions transactions;

    @Inject
    StatementRecorder recorder;

    @Test
    void givenThreeDocuments_whenListedTwoAPage_thenEachPageIsOneStatementOfRowsAsTheRepositoryReadsThem() {
        Partner partner = Partner.create();
        List<String> externals = new ArrayList<>();
        for (int i = 0; i < 3; i++) {
            externals.add(Partner.unique("KL"));
            partner.createDocument(externals.get(i), Partner.unique("C"), "USD", 700 + i);
        }
        TenantScope scope = Stored.of(externals.get(0)).scope();
        Integrations.awaitChangeFeeds();

        ChangeSlice<CollectionDocument> first = statementsOne(() -> documents.list(scope, documentsAfter(Optional.empty())));
        ChangeSlice<CollectionDocument> second = statementsOne(() -> documents.list(scope, documentsAfter(first.next())));

        assertThat(first.items()).extracting(CollectionDocument::externalDocumentId)
                .containsExactlyElementsOf(externals.subList(0, 2));
        assertThat(first.hasMore()).isTrue();
        assertThat(second.items()).extracting(CollectionDocument::externalDocumentId).containsExactly(externals.get(2));
        assertThat(second.hasMore()).isFalse();
        for (CollectionDocument listed : concat(first.items(), second.items())) {
            assertThat(transactions.inTransaction(() -> documents.find(scope, listed.id()))).contains(listed);
        }
        assertThat(documents.list(scope, new IntegrationDocumentQuery(Optional.of("acme-erp"), Set.of(DocumentStatus.CREATED),
                Optional.of(false), Optional.empty(), Optional.of(externals.get(1)), Optional.empty(), Optional.of(701L),
                Optional.of(701L), Optional.empty(), Optional.empty(), Optional.empty(), Optional.empty(), Optional.empty(),
                Optional.empty(), 10)).items()).extracting(CollectionDocument::externalDocumentId)
                .as("every filter at once").containsExactly(externals.get(1));
        Instant lastUpdated = second.items().get(0).updatedAt();
        assertThat(documents.list(scope, updatedSince(lastUpdated)).items()).extracting(CollectionDocument::externalDocumentId)
                .as("an instant filter is bound to the microsecond, in UTC").containsExactly(externals.get(2));
        assertThat(documents.list(scope, updatedSince(lastUpdated.plus(1, ChronoUnit.MICROS))).items()).isEmpty();
        assertThat(documents.list(scope, updatedSince(Instant.parse("1900-01-01T00:00:00Z"))).items()).hasSize(3);
    }

    @Test
    void givenTwoPayments_whenListedOneAPage_thenEachPageIsOneStatementOfRowsAsTheRepositoryReadsThem() {
        Partner partner = Partner.create();
        String document = Partner.unique("KP");
        partner.createDocument(document, "C-1", "USD", 1_000);
        List<String> externals = List.of(Partner.unique("KP-P"), Partner.unique("KP-P"));
        partner.pay(externals.get(0), "C-1", 300, "USD", document, 300).then().statusCode(200);
        partner.pay(externals.get(1), "C-1", 200, "USD", document, 200).then().statusCode(200);
        TenantScope scope = Stored.of(document).scope();
        Integrations.awaitChangeFeeds();

        ChangeSlice<Payment> first = statementsOne(() -> payments.list(scope, paymentsAfter(Optional.empty())));
        ChangeSlice<Payment> second = statementsOne(() -> payments.list(scope, paymentsAfter(first.next())));
        ChangeSlice<Payment> third = statementsOne(() -> payments.list(scope, paymentsAfter(second.next())));

        assertThat(concat(first.items(), second.items())).extracting(Payment::externalPaymentId)
                .containsExactlyElementsOf(externals);
        assertThat(third.items()).isEmpty();
        assertThat(third.next()).as("an empty page leaves the reader where it was").isEqualTo(second.next());
        for (Payment listed : concat(first.items(), second.items())) {
            assertThat(transactions.inTransaction(() -> payments.find(scope, "acme-erp", listed.externalPaymentId())))
                    .contains(listed);
        }
    }

    private <T> T statementsOne(Supplier<T> list) {
        List<T> page = new ArrayList<>();
        List<StatementRecorder.Statement> statements = recorder.record(() -> {
            String requestId = "keyset-" + UUID.randomUUID();
            MDC.put(RequestIds.MDC_KEY, requestId);
            try {
                page.add(transactions.inTransaction(list));
            } finally {
                MDC.remove(RequestIds.MDC_KEY);
            }
            return requestId;
        });
        assertThat(statements).as("one statement a page").hasSize(1);
        return page.get(0);
    }

    private static IntegrationDocumentQuery documentsAfter(Optional<ChangePosition> after) {
        return new IntegrationDocumentQuery(Optional.of("acme-erp"), Set.of(), Optional.empty(), Optional.empty(),
                Optional.empty(), Optional.empty(), Optional.empty(), Optional.empty(), Optional.empty(), Optional.empty(),
                Optional.empty(), Optional.empty(), Optional.empty(), after, 2);
    }

    private static IntegrationDocumentQuery updatedSince(Instant instant) {
        return new IntegrationDocumentQuery(Optional.empty(), Set.of(), Optional.empty(), Optional.empty(), Optional.empty(),
                Optional.empty(), Optional.empty(), Optional.empty(), Optional.empty(), Optional.empty(), Optional.empty(),
                Optional.empty(), Optional.of(instant), Optional.empty(), 10);
    }

    private static PaymentListQuery paymentsAfter(Optional<ChangePosition> after) {
        return new PaymentListQuery(Set.of(PaymentOutcome.values()), Optional.empty(), Optional.empty(),
                Optional.of("acme-erp"), Optional.empty(), Optional.empty(), Optional.empty(), Optional.empty(),
                Optional.empty(), after, 1);
    }

    private static <T> List<T> concat(List<T> first, List<T> second) {
        List<T> all = new ArrayList<>(first);
        all.addAll(second);
        return all;
    }
}

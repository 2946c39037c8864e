package dev.recaudo.e2e.persistence;

import static org.assertj.core.api.Assertions.assertThat;

import dev.recaudo.e2e.support.NoPollers;
import dev.recaudo.e2e.support.Partner;
import dev.recaudo.e2e.support.StatementRecorder;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import io.restassured.response.Response;
import jakarta.inject.Inject;
import java.util.List;
import java.util.function.Supplier;
import org.hibernate.SessionFactory;
import org.junit.jupiter.api.Test;

/**
 * How many statements the hot paths run, counted where they run: Hibernate's statistics for the
 * entities' statements and the test-only observer for the native ones. No background poller runs
 * under this profile, so the statistics count only the request's statements.
 */
@QuarkusTest
@TestProfile(NoPollers.class)
class HotPathStatementsTest {

    /** The statements one request ran: prepared by Hibernate for entities, and native ones. */
    record Statements(long entity, long nativeOnes, long entityInserts, long entityUpdates) {
        long total() {
            return entity + nativeOnes;
        }
    }

    @Inject
    SessionFactory sessionFactory;

    @Inject
    StatementRecorder recorder;

    @Test
    void givenAPaymentOfMoreDocuments_whenApplied_thenEachDocumentAddsTheSameFewStatements() {
        Partner partner = Partner.create();
        for (int i = 1; i <= 6; i++) {
            partner.createDocument("HS-" + i, "C-1", "USD", 1_000);
        }

        Statements one = statementsOf(() -> partner.pay("HS-P1", "C-1", 1_000, "USD", "HS-1", 1_000));
        Statements two = statementsOf(() -> partner.pay("HS-P2", "C-1", 2_000, "USD", "HS-2", 1_000, "HS-3", 1_000));
        Statements three = statementsOf(() -> partner.pay("HS-P3", "C-1", 3_000, "USD",
                "HS-4", 1_000, "HS-5", 1_000, "HS-6", 1_000));

        assertThat(List.of(one.entityInserts(), two.entityInserts(), three.entityInserts()))
                .as("the payment and its applications are native inserts").containsOnly(0L);
        assertThat(List.of(one.entityUpdates(), two.entityUpdates(), three.entityUpdates()))
                .as("documents are locked and changed by native statements").containsOnly(0L);
        long perDocument = two.total() - one.total();
        assertThat(three.total() - two.total()).as("every further document costs the same").isEqualTo(perDocument);
        // Issue 24 locks, posts, applies and updates every document in one statement each; what a
        // further paid-off document adds is its own: closing its routes (its checkout, a pending hosted
        // payment) and announcing it (its event with its deliveries). 17 before issue 24.
        assertThat(perDocument).as("close and announce one document (2 when measured)").isLessThanOrEqualTo(2);
        assertThat(one.total()).as("statements, however they travel (12 when measured; 38 before issue 24)")
                .isLessThanOrEqualTo(12);
    }

    @Test
    void givenPaymentsOfOneAndOfThreeDocuments_whenRead_thenBothRunTheSameStatements() {
        Partner partner = Partner.create();
        for (int i = 1; i <= 4; i++) {
            partner.createDocument("HR-" + i, "C-1", "USD", 1_000);
        }
        partner.pay("HR-P1", "C-1", 1_000, "USD", "HR-1", 1_000).then().statusCode(200);
        partner.pay("HR-P3", "C-1", 3_000, "USD", "HR-2", 1_000, "HR-3", 1_000, "HR-4", 1_000).then().statusCode(200);

        Statements one = statementsOf(() -> partner.get("/payments/HR-P1"));
        Statements three = statementsOf(() -> partner.get("/payments/HR-P3"));

        assertThat(three).as("no statement per document (no N+1)").isEqualTo(one);
    }

    @Test
    void givenADocumentOfFiveHundredLines_whenCreated_thenItsLinesTakeOneStatement() {
        Partner partner = Partner.create();
        StringBuilder lines = new StringBuilder();
        for (int i = 0; i < 500; i++) {
            lines.append(i == 0 ? "" : ",").append("{\"quantity\":1,\"unitAmountMinor\":2,\"amountMinor\":2}");
        }
        String body = "{\"source\":\"acme-erp\",\"externalDocumentId\":\"HL-1\",\"customerExternalId\":\"C-1\","
                + "\"customer\":{\"type\":\"business\",\"name\":\"Cliente\"},\"currency\":\"USD\",\"lines\":[" + lines + "]}";

        Statements created = statementsOf(() -> partner.post("/collection-documents/upsert", body));
        List<StatementRecorder.Statement> natives = recorder.record(() -> {
            Response answer = partner.post("/collection-documents/upsert", body.replace("HL-1", "HL-2"));
            assertThat(answer.statusCode()).isEqualTo(201);
            return answer.header("X-Request-Id");
        });

        assertThat(created.entityInserts()).as("the lines are no entities").isZero();
        assertThat(natives).as("all 500 lines in one insert")
                .filteredOn(statement -> statement.sql().startsWith("INSERT INTO document_lines")).hasSize(1);
        assertThat(created.total()).as("%s statements, however they travel (24 when measured; 32 when the lines were"
                + " entities, 31 before upserts were ordered: issue 21); a statement per line would be over 500",
                created.total()).isLessThanOrEqualTo(24);
    }

    /**
     * The cost of issue 21's two checks, counted on every kind of signed write: the signature is a
     * parameter of the idempotency claim's own statement (no statement of its own), and an upsert orders
     * its document and customer in one statement; no other statement touches either.
     */
    @Test
    void givenEachKindOfSignedWrite_whenSent_thenTheSignatureRidesOnTheClaimAndAnUpsertRunsOneStatementMore() {
        Partner partner = Partner.create();
        partner.createDocument("HC-1", "C-1", "USD", 1_000);
        String customer = "{\"source\":\"acme-erp\",\"externalCustomerId\":\"C-2\",\"type\":\"business\",\"name\":\"Ana\"}";
        /** A write, and whether it is an upsert (which orders its records). */
        record Write(String name, boolean upsert, Supplier<Response> send) {}
        List<Write> writes = List.of(
                new Write("customer upsert", true, () -> partner.post("/customers/upsert", customer)),
                new Write("document created", true,
                        () -> partner.post("/collection-documents/upsert", Partner.document("HC-2", "C-1", "USD", 500))),
                new Write("document changed", true,
                        () -> partner.post("/collection-documents/upsert", Partner.document("HC-2", "C-1", "USD", 700))),
                new Write("verified payment", false, () -> partner.pay("HC-P", "C-1", 1_000, "USD", "HC-1", 1_000)),
                new Write("document canceled", false, () -> partner.post("/collection-documents/HC-2/cancel", "")));

        for (Write write : writes) {
            List<StatementRecorder.Statement> statements = recorder.record(() -> {
                Response answer = write.send().get();
                assertThat(answer.statusCode()).as(write.name() + ": " + answer.asString()).isBetween(200, 201);
                return answer.header("X-Request-Id");
            });
            List<String> sql = statements.stream().map(StatementRecorder.Statement::sql).toList();
            assertThat(statements).as(write.name())
                    .filteredOn(statement -> statement.sql().contains("request_signature")
                            || statement.sql().contains("recaudo_claim_idempotency"))
                    .singleElement().satisfies(claim -> assertThat(claim.parameters()).as("the signature, bound to the claim")
                            .anyMatch(parameter -> parameter instanceof byte[] bytes && bytes.length == 32));
            assertThat(sql).as(write.name()).filteredOn(text -> text.contains("signed_upserts"))
                    .hasSize(write.upsert() ? 1 : 0);
        }
    }

    private Statements statementsOf(Supplier<Response> request) {
        StatementRecorder.Counted counted = recorder.countWork(sessionFactory.getStatistics(), request);
        assertThat(counted.response().statusCode()).as(counted.response().asString()).isBetween(200, 201);
        return new Statements(counted.entityStatements(), counted.nativeStatements(), counted.entityInserts(),
                counted.entityUpdates());
    }
}

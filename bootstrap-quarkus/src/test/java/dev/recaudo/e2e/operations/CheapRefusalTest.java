package dev.recaudo.e2e.operations;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.equalTo;

import dev.recaudo.e2e.support.NoPollers;
import dev.recaudo.e2e.support.Sql;
import dev.recaudo.e2e.support.StatementRecorder;
import dev.recaudo.e2e.support.Tenants;
import dev.recaudo.e2e.support.Windows;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import io.restassured.response.Response;
import jakarta.inject.Inject;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.function.Supplier;
import org.hibernate.SessionFactory;
import org.junit.jupiter.api.Test;

/**
 * A refused request is cheap: once this instance has seen a key's window full, a request refused for
 * it runs one statement, the indexed lookup of its key, and writes nothing (no counter, no last use),
 * and answers exactly as the first refusal did. A window is found full once this instance's lease of
 * it is spent (issue 24). The key is looked up first so that a revoked key is
 * {@code 401} on its very next request (issue 21, item 4). Counted where statements run: the native
 * observer and Hibernate's statistics.
 */
@QuarkusTest
@TestProfile(NoPollers.class)
class CheapRefusalTest {

    private static final List<String> READ = List.of("public_invoices:read");
    private static final int PUBLIC_LIMIT = 300;

    @Inject
    StatementRecorder recorder;

    @Inject
    SessionFactory sessionFactory;

    @Test
    void givenAPublicKeyOverItsWindow_whenItKeepsListingInvoices_thenEachRefusalRunsOnlyTheKeysLookup() throws Exception {
        Tenants.Company company = Tenants.company();
        Tenants.Key flooder = company.key("flooder", READ, "erp");
        Tenants.Key neighbour = Tenants.company().key("neighbour", READ, "erp");
        Windows.awaitFreshMinute();
        given().auth().oauth2(flooder.secret()).get("/v1/invoices").then().statusCode(200)
                .header("X-RateLimit-Remaining", "299");
        // The rest of the window, as another instance sharing the counter would have taken it.
        assertThat(Sql.execute("UPDATE rate_limit_counters SET hits = 300 WHERE bucket LIKE ?",
                "public:" + flooder.id() + ":GET:%")).isEqualTo(1);
        spendTheRestOfTheLease(() -> given().auth().oauth2(flooder.secret()).get("/v1/invoices"));

        StatementRecorder.Counted first = counted(() -> given().auth().oauth2(flooder.secret()).get("/v1/invoices"));
        List<StatementRecorder.Counted> later = new ArrayList<>();
        for (int i = 0; i < 20; i++) {
            later.add(counted(() -> given().auth().oauth2(flooder.secret()).get("/v1/invoices")));
        }

        assertThat(first.response().statusCode()).isEqualTo(429);
        assertThat(first.total()).as("the first refusal looks the key up and finds the window full")
                .isPositive();
        for (StatementRecorder.Counted refusal : later) {
            assertThat(refusal.nativeStatements()).as("a later refusal: the key's lookup").isEqualTo(1);
            assertThat(refusal.entityStatements()).as("a later refusal").isZero();
            assertSameRefusal(refusal.response(), first.response());
        }
        assertOnlyTheKeysLookup(() -> given().auth().oauth2(flooder.secret()).get("/v1/invoices"));
        assertThat(Sql.count("SELECT coalesce(sum(hits), 0) FROM rate_limit_counters WHERE bucket LIKE ?",
                "public:" + flooder.id() + ":GET:%")).as("refusals write nothing").isEqualTo(300);
        given().auth().oauth2(neighbour.secret()).get("/v1/invoices").then().statusCode(200);
        given().auth().oauth2(flooder.secret()).get("/v1/invoices/{id}", UUID.randomUUID())
                .then().statusCode(404).header("X-RateLimit-Remaining", "299");
    }

    @Test
    void givenAKeyRateOfThree_whenPaymentsAreListedPastIt_thenEachLaterRefusalRunsOnlyTheKeysLookup() throws Exception {
        Tenants.Key key = Tenants.company().createKey(Map.of("name", "slow", "permissions", List.of("payments:read"),
                "rateLimitRpm", 3));
        Windows.awaitFreshMinute();
        given().header("X-API-Key", key.secret()).get("/external/payments").then().statusCode(200)
                .header("X-RateLimit-Remaining", "2");
        assertThat(Sql.execute("UPDATE rate_limit_counters SET hits = 3 WHERE bucket = ?", "external:" + key.id()))
                .isEqualTo(1);

        StatementRecorder.Counted first = counted(() -> given().header("X-API-Key", key.secret()).get("/external/payments"));
        StatementRecorder.Counted second = counted(() -> given().header("X-API-Key", key.secret()).get("/external/payments"));

        assertThat(first.response().statusCode()).isEqualTo(429);
        assertThat(second.nativeStatements()).isEqualTo(1);
        assertThat(second.entityStatements()).isZero();
        assertSameRefusal(second.response(), first.response());
        assertOnlyTheKeysLookup(() -> given().header("X-API-Key", key.secret()).get("/external/payments"));
        assertThat(Sql.count("SELECT hits FROM rate_limit_counters WHERE bucket = ?", "external:" + key.id()))
                .isEqualTo(3);
    }

    /**
     * Issue 21, item 4: a key this instance has seen refused for its rate, then revoked, is refused
     * as revoked on its very next request, not as over its rate; the memory of full windows never
     * answers before the key is looked up.
     */
    @Test
    void givenAKeyRefusedForItsRate_whenRevoked_thenItsVeryNextRequestIs401() throws Exception {
        Tenants.Company company = Tenants.company();
        Tenants.Key key = company.createKey(Map.of("name", "revoked while refused", "permissions", List.of("payments:read"),
                "rateLimitRpm", 1));
        Tenants.Key publicKey = company.key("revoked while refused (public)", READ, "erp");
        Windows.awaitFreshMinute();
        given().header("X-API-Key", key.secret()).get("/external/payments").then().statusCode(200);
        given().header("X-API-Key", key.secret()).get("/external/payments").then().statusCode(429);
        given().auth().oauth2(publicKey.secret()).get("/v1/invoices").then().statusCode(200);
        assertThat(Sql.execute("UPDATE rate_limit_counters SET hits = 300 WHERE bucket LIKE ?",
                "public:" + publicKey.id() + ":GET:%")).isEqualTo(1);
        spendTheRestOfTheLease(() -> given().auth().oauth2(publicKey.secret()).get("/v1/invoices"));
        given().auth().oauth2(publicKey.secret()).get("/v1/invoices").then().statusCode(429);

        for (Tenants.Key revoked : List.of(key, publicKey)) {
            given().auth().oauth2(company.adminToken()).delete("/companies/{c}/api-keys/{k}", company.id(), revoked.id())
                    .then().statusCode(204);
        }

        given().header("X-API-Key", key.secret()).get("/external/payments").then().statusCode(401);
        given().auth().oauth2(publicKey.secret()).get("/v1/invoices").then().statusCode(401)
                .body("code", equalTo(10002));
    }

    /**
     * The first request of a window leased a twentieth of the public limit of 300 (issue 24): this
     * instance admits the other 14 from its lease, whatever the shared counter says meanwhile, and
     * only then asks the counter again and finds the window full.
     */
    private static void spendTheRestOfTheLease(Supplier<Response> request) {
        for (int i = 1; i < PUBLIC_LIMIT / 20; i++) {
            assertThat(request.get().statusCode()).as("admission %d from the lease", i).isEqualTo(200);
        }
    }

    /** One refusal's statements: the key's lookup, a read, and nothing else. */
    private void assertOnlyTheKeysLookup(Supplier<Response> refusal) {
        List<StatementRecorder.Statement> statements = recorder.record(() -> {
            Response response = refusal.get();
            assertThat(response.statusCode()).isEqualTo(429);
            return response.header("X-Request-Id");
        });
        assertThat(statements).singleElement().satisfies(statement -> assertThat(statement.sql())
                .startsWith("SELECT").contains("FROM api_keys").doesNotContainIgnoringCase("UPDATE")
                .doesNotContainIgnoringCase("INSERT"));
    }

    private StatementRecorder.Counted counted(Supplier<Response> request) {
        return recorder.count(sessionFactory.getStatistics(), request);
    }

    /** The external payments envelope says when it was written; everything else must be the same. */
    private static String withoutTimestamp(String body) {
        return body.replaceAll("\"timestamp\":\"[^\"]*\"", "");
    }

    private static void assertSameRefusal(Response refusal, Response first) {
        assertThat(refusal.statusCode()).isEqualTo(429);
        assertThat(withoutTimestamp(refusal.asString())).isEqualTo(withoutTimestamp(first.asString()));
        for (String header : List.of("X-RateLimit-Limit", "X-RateLimit-Remaining", "X-RateLimit-Reset", "Content-Type")) {
            assertThat(refusal.header(header)).as(header).isEqualTo(first.header(header));
        }
        assertThat(Long.parseLong(refusal.header("Retry-After"))).isBetween(1L, Long.parseLong(first.header("Retry-After")));
    }
}

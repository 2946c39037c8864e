package dev.recaudo.e2e.persistence;

import static org.assertj.core.api.Assertions.assertThat;

import dev.recaudo.application.common.Transactions;
import dev.recaudo.domain.apikey.KeyEnvironment;
import dev.recaudo.domain.common.TenantScope;
import dev.recaudo.domain.company.CompanyId;
import dev.recaudo.domain.dispatch.Candidates;
import dev.recaudo.domain.dispatch.DispatchCaps;
import dev.recaudo.domain.dispatch.DispatchTarget;
import dev.recaudo.domain.dispatch.FairShare;
import dev.recaudo.domain.dispatch.TargetHealth;
import dev.recaudo.domain.externalpayment.ExternalPaymentCallbacks;
import dev.recaudo.domain.externalpayment.ExternalPaymentCallbacks.DueCallback;
import dev.recaudo.e2e.support.HeldTransaction;
import dev.recaudo.e2e.support.NoPollers;
import dev.recaudo.e2e.support.Sql;
import dev.recaudo.e2e.support.Tenants;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import jakarta.inject.Inject;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The callbacks' claim against PostgreSQL: the database groups callbacks by origin (scheme, host and
 * port, no default port), the caps per origin and per company hold across instances because claims
 * take turns and count the unexpired leases, a paused origin's callbacks are handed out to be failed
 * unsent, and an origin's health is a row per company and environment, absent while healthy. The
 * callback dispatcher is off in this profile, so only these tests claim; each starts with no callback
 * of an earlier one still queued or in flight, since a claim takes every company's.
 */
@QuarkusTest
@TestProfile(NoPollers.class)
class CallbackClaimPersistenceTest {

    private static final Duration LEASE = Duration.ofSeconds(30);
    private static final DispatchCaps CAPS = new DispatchCaps(2, 3);

    @Inject
    ExternalPaymentCallbacks callbacks;

    @Inject
    Transactions transactions;

    @BeforeEach
    void endWhatEarlierTestsLeft() {
        Sql.execute("UPDATE external_payment_callbacks SET status = 'failed', attempted_at = coalesce(attempted_at, now()),"
                + " leased_until = NULL, error = 'ended by the next test' WHERE status IN ('queued', 'attempting')");
    }

    @Test
    void givenUrlsOfOneOriginWrittenDifferently_whenQueued_thenTheDatabaseGivesThemOneOrigin() {
        Tenants.Company company = Tenants.company();
        queue(company, "https://Shop.Example:443/a?x=1", "https://shop.example/b", "http://127.0.0.1:8080/hook",
                "http://[::1]:80/x", "https://shop.example:8443/c");

        assertThat(Sql.text("SELECT string_agg(DISTINCT origin, ' ' ORDER BY origin) FROM external_payment_callbacks"
                + " WHERE company_id = ?::uuid", company.id().toString()))
                .isEqualTo("http://127.0.0.1:8080 http://[::1] https://shop.example https://shop.example:8443");
    }

    /**
     * The first instance's claim takes the origin's two and is still open when the second claims:
     * the second waits for it, then sees both in flight and takes only the company's third place, from
     * another origin; after the first's are recorded, the rest follow.
     */
    @Test
    void givenAClaimHoldingTheCaps_whenASecondInstanceClaimsMeanwhile_thenItWaitsAndTheCapsHold() throws Exception {
        Tenants.Company company = Tenants.company();
        queue(company, "https://one.example/1", "https://one.example/2", "https://one.example/3", "https://two.example/1",
                "https://two.example/2");
        Instant now = Instant.now();

        HeldTransaction<List<DueCallback>> first = HeldTransaction.start(transactions, () -> claim(now, 2));
        CompletableFuture<List<DueCallback>> second = CompletableFuture.supplyAsync(() -> transactions.inTransaction(
                () -> claim(now, 10)));
        Thread.sleep(500);
        assertThat(second).as("the second claim waits for the first one's turn to end").isNotDone();
        List<DueCallback> firsts = first.commit();
        List<DueCallback> seconds = second.get(10, TimeUnit.SECONDS);

        assertThat(firsts).extracting(DueCallback::origin).as("round robin over the origins")
                .containsExactlyInAnyOrder("https://one.example", "https://two.example");
        assertThat(seconds).as("the company's third place").hasSize(1);
        assertThat(Sql.count("SELECT count(*) FROM external_payment_callbacks WHERE company_id = ?::uuid"
                + " AND status = 'attempting'", company.id().toString())).isEqualTo(3);
    }

    @Test
    void givenAPausedOrigin_whenClaiming_thenItsCallbacksAreHandedOutToFailAndOnlyItsCompanysRecordChanges() {
        Tenants.Company company = Tenants.company();
        Tenants.Company other = Tenants.company();
        TenantScope scope = new TenantScope(new CompanyId(company.id()), KeyEnvironment.TEST);
        queue(company, "https://paused.example/1", "https://paused.example/2", "https://paused.example/3");
        queue(other, "https://paused.example/1");
        Instant now = Instant.now();
        transactions.inTransaction(() -> {
            assertThat(callbacks.lockHealth(scope, "https://paused.example")).isEqualTo(TargetHealth.HEALTHY);
            callbacks.storeHealth(scope, "https://paused.example", new TargetHealth(5, 1, Optional.of(now.plusSeconds(60))), now);
            return null;
        });

        Candidates candidates = transactions.inTransaction(() -> callbacks.candidates(KeyEnvironment.TEST, now, 1, 10));
        DispatchTarget paused = new DispatchTarget(scope.companyId(), "https://paused.example");
        DispatchTarget othersTarget = new DispatchTarget(new CompanyId(other.id()), "https://paused.example");

        assertThat(candidates.due()).filteredOn(candidate -> candidate.target().equals(paused))
                .as("all three, to be failed unsent").hasSize(3);
        assertThat(candidates.targets().get(paused).health().pausedAt(now)).isTrue();
        assertThat(candidates.targets().get(othersTarget).health()).isEqualTo(TargetHealth.HEALTHY);
        List<UUID> toFail = candidates.due().stream().filter(candidate -> candidate.target().equals(paused))
                .map(Candidates.Candidate::id).toList();
        transactions.inTransaction(() -> {
            callbacks.failUnsent(toFail, "target paused", now);
            callbacks.storeHealth(scope, "https://paused.example", TargetHealth.HEALTHY, now);
            return null;
        });
        assertThat(Sql.text("SELECT string_agg(status || ':' || error || ':' || duration_ms, ',') FROM external_payment_callbacks"
                + " WHERE company_id = ?::uuid", company.id().toString()))
                .isEqualTo("failed:target paused:0,failed:target paused:0,failed:target paused:0");
        assertThat(Sql.count("SELECT count(*) FROM callback_target_health WHERE company_id = ?::uuid", company.id().toString()))
                .as("a healthy origin keeps no record").isZero();
    }

    /** One claim as the dispatcher makes it, at most {@code limit}, of the test lane. */
    private List<DueCallback> claim(Instant now, int limit) {
        callbacks.serializeClaims(KeyEnvironment.TEST);
        Candidates candidates = callbacks.candidates(KeyEnvironment.TEST, now, CAPS.perTargetMax(), limit);
        List<UUID> chosen = FairShare.pick(candidates, CAPS, limit, now);
        return chosen.isEmpty() ? List.of() : callbacks.claim(chosen, now, LEASE);
    }

    /** One queued test callback of a completed direct payment per URL, in that order. */
    private static void queue(Tenants.Company company, String... urls) {
        Tenants.Key key = company.createKey(java.util.Map.of("name", "shop", "environment", "test"));
        for (String url : urls) {
            Sql.execute("WITH p AS (INSERT INTO external_payments (id, company_id, is_test, api_key_id, mode, status,"
                    + "   amount_minor, currency, payment_id, created_at, updated_at, partner)"
                    + "   VALUES (gen_random_uuid(), ?::uuid, true, ?::uuid, 'direct', 'completed', 100, 'USD', gen_random_uuid(),"
                    + "   clock_timestamp(), clock_timestamp(), 'source:erp') RETURNING id, created_at)"
                    + " INSERT INTO external_payment_callbacks (id, external_payment_id, company_id, is_test, url, body, status,"
                    + "   created_at, updated_at)"
                    + " SELECT gen_random_uuid(), p.id, ?::uuid, true, ?, '{}', 'queued', p.created_at, p.created_at FROM p",
                    company.id().toString(), key.id().toString(), company.id().toString(), url);
        }
    }
}

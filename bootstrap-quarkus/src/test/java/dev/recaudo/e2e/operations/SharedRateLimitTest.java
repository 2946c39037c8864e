package dev.recaudo.e2e.operations;

import static org.assertj.core.api.Assertions.assertThat;

import dev.recaudo.application.ratelimit.RateLimiter;
import dev.recaudo.domain.ratelimit.LeasedHits;
import dev.recaudo.domain.ratelimit.RateLimitPolicy;
import dev.recaudo.e2e.support.PostgresTestDatabase;
import dev.recaudo.e2e.support.Sql;
import dev.recaudo.persistence.common.NativeSql;
import dev.recaudo.persistence.ratelimit.PgRateLimitCounterStore;
import io.quarkus.test.junit.QuarkusTest;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.stream.LongStream;
import org.junit.jupiter.api.Test;
import org.postgresql.ds.PGSimpleDataSource;

/**
 * Two independent limiters, each with its own store and its own connections, standing in for two
 * service instances on one database: together they admit exactly the limit, never more, when both
 * are busy; when one holds a lease it does not use, the other is refused no earlier than the limit
 * less that lease (issue 24). Leases raced on the counter are disjoint and never pass the limit.
 */
@QuarkusTest
class SharedRateLimitTest {

    private static final Clock CLOCK = Clock.fixed(Instant.parse("2026-11-22T10:00:30Z"), ZoneOffset.UTC);

    /** A window that has not ended, so that the janitor's purge of ended windows cannot reset it mid-test. */
    private static final Instant TOMORROW = Instant.now().plus(Duration.ofDays(1)).truncatedTo(ChronoUnit.MINUTES);

    private static PgRateLimitCounterStore store() {
        PGSimpleDataSource dataSource = new PGSimpleDataSource();
        dataSource.setUrl(PostgresTestDatabase.jdbcUrl());
        dataSource.setUser(System.getenv().getOrDefault("QUARKUS_DATASOURCE_USERNAME", "postgres"));
        return new PgRateLimitCounterStore(new NativeSql(dataSource));
    }

    private static RateLimiter instance(Clock clock) {
        return new RateLimiter(store(), clock);
    }

    @Test
    void givenOneInstanceHoldingAnUnusedLease_whenTheOtherFloods_thenItIsRefusedAtTheLimitLessThatLease() {
        Clock tomorrow = Clock.fixed(TOMORROW.plusSeconds(30), ZoneOffset.UTC);
        RateLimiter idle = instance(tomorrow);
        RateLimiter busy = instance(tomorrow);
        RateLimitPolicy policy = new RateLimitPolicy(100, Duration.ofMinutes(1));
        String bucket = "test:" + UUID.randomUUID();
        assertThat(idle.consume(bucket, policy).remaining()).isEqualTo(99);

        int admittedByTheBusy = 0;
        for (int i = 0; i < 120; i++) {
            admittedByTheBusy += busy.consume(bucket, policy).allowed() ? 1 : 0;
        }
        int admittedByTheIdle = 1;
        for (int i = 0; i < 20; i++) {
            admittedByTheIdle += idle.consume(bucket, policy).allowed() ? 1 : 0;
        }

        assertThat(admittedByTheBusy).isEqualTo(100 - policy.leaseHits());
        assertThat(admittedByTheIdle).isEqualTo(policy.leaseHits());
        assertThat(Sql.count("SELECT hits FROM rate_limit_counters WHERE bucket = ?", bucket)).isEqualTo(100);
    }

    @Test
    void givenRacingLeasesOfOneWindow_whenTheyCommit_thenTheirHitsAreDisjointAndStopAtTheLimit() throws Exception {
        PgRateLimitCounterStore counters = store();
        String bucket = "test:" + UUID.randomUUID();
        Instant windowStart = TOMORROW;
        ExecutorService pool = Executors.newFixedThreadPool(16);
        List<Optional<LeasedHits>> leases = new ArrayList<>();
        try {
            List<Callable<Optional<LeasedHits>>> racers = new ArrayList<>();
            for (int i = 0; i < 40; i++) {
                racers.add(() -> counters.lease(bucket, windowStart, windowStart.plusSeconds(60), 100, 3));
            }
            for (Future<Optional<LeasedHits>> lease : pool.invokeAll(racers)) {
                leases.add(lease.get());
            }
        } finally {
            pool.shutdown();
        }

        List<Long> granted = leases.stream().flatMap(Optional::stream)
                .flatMap(lease -> LongStream.rangeClosed(lease.first(), lease.last()).boxed()).toList();
        assertThat(granted).containsExactlyInAnyOrderElementsOf(LongStream.rangeClosed(1, 100).boxed().toList());
        assertThat(leases.stream().flatMap(Optional::stream).map(LeasedHits::granted))
                .as("33 whole leases and the one that fits").containsOnly(3, 1).hasSize(34);
        assertThat(leases.stream().filter(Optional::isEmpty)).as("refused, nothing written").hasSize(6);
        assertThat(Sql.count("SELECT hits FROM rate_limit_counters WHERE bucket = ?", bucket)).isEqualTo(100);
    }

    @Test
    void givenTwoInstancesOnOneDatabase_whenHammeringOneBucket_thenExactlyLimitAdmitted() throws Exception {
        RateLimiter first = instance(CLOCK);
        RateLimiter second = instance(CLOCK);
        RateLimitPolicy policy = new RateLimitPolicy(50, Duration.ofMinutes(1));
        String bucket = "test:" + UUID.randomUUID();

        ExecutorService pool = Executors.newFixedThreadPool(16);
        try {
            List<Callable<Boolean>> requests = new ArrayList<>();
            for (int i = 0; i < 120; i++) {
                RateLimiter limiter = i % 2 == 0 ? first : second;
                requests.add(() -> limiter.consume(bucket, policy).allowed());
            }
            int admitted = 0;
            for (Future<Boolean> allowed : pool.invokeAll(requests)) {
                admitted += allowed.get() ? 1 : 0;
            }
            assertThat(admitted).isEqualTo(50);
        } finally {
            pool.shutdown();
        }
        assertThat(first.consume(bucket, policy).remaining()).isZero();

        Clock nextWindow = Clock.fixed(Instant.parse("2026-11-22T10:01:00Z"), ZoneOffset.UTC);
        assertThat(instance(nextWindow).consume(bucket, policy).remaining()).isEqualTo(49);
    }
}

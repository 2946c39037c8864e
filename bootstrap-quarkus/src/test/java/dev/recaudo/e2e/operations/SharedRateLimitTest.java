package dev.recaudo.e2e.operations;

import static org.assertj.core.api.Assertions.assertThat;

import dev.recaudo.application.ratelimit.RateLimiter;
import dev.recaudo.domain.ratelimit.RateLimitPolicy;
import dev.recaudo.e2e.support.PostgresTestDatabase;
import dev.recaudo.persistence.common.NativeSql;
import dev.recaudo.persistence.ratelimit.PgRateLimitCounterStore;
import io.quarkus.test.junit.QuarkusTest;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;
import org.postgresql.ds.PGSimpleDataSource;

/**
 * Two independent limiters, each with its own store and its own connections, standing in for two
 * service instances on one database: together they admit exactly the limit, never more.
 */
@QuarkusTest
class SharedRateLimitTest {

    private static RateLimiter instance(Clock clock) {
        PGSimpleDataSource dataSource = new PGSimpleDataSource();
        dataSource.setUrl(PostgresTestDatabase.jdbcUrl());
        dataSource.setUser(System.getenv().getOrDefault("QUARKUS_DATASOURCE_USERNAME", "postgres"));
        return new RateLimiter(new PgRateLimitCounterStore(new NativeSql(dataSource)), clock);
    }

    @Test
    void givenTwoInstancesOnOneDatabase_whenHammeringOneBucket_thenExactlyLimitAdmitted() throws Exception {
        Clock clock = Clock.fixed(Instant.parse("2026-11-22T10:00:30Z"), ZoneOffset.UTC);
        RateLimiter first = instance(clock);
        RateLimiter second = instance(clock);
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

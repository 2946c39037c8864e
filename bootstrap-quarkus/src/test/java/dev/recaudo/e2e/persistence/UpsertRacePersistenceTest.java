package dev.recaudo.e2e.persistence;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.recaudo.application.checkout.PayerIds;
import dev.recaudo.application.common.Transactions;
import dev.recaudo.domain.apikey.KeyEnvironment;
import dev.recaudo.domain.checkout.CheckoutCustomer;
import dev.recaudo.domain.checkout.CheckoutCustomerRepository;
import dev.recaudo.domain.common.Saved;
import dev.recaudo.domain.common.TenantScope;
import dev.recaudo.domain.company.CompanyId;
import dev.recaudo.domain.money.CurrencyCode;
import dev.recaudo.domain.money.Money;
import dev.recaudo.domain.product.Product;
import dev.recaudo.domain.product.ProductRepository;
import dev.recaudo.domain.ratelimit.RateLimitCounterStore;
import dev.recaudo.domain.security.SigningKeyStore;
import dev.recaudo.domain.security.SigningKeyStore.EncodedKeyPair;
import dev.recaudo.e2e.support.NoPollers;
import dev.recaudo.e2e.support.Parallel;
import dev.recaudo.e2e.support.Sql;
import dev.recaudo.e2e.support.Tenants;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import jakarta.inject.Inject;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.UUID;
import java.util.concurrent.Callable;
import java.util.function.IntFunction;
import java.util.stream.IntStream;
import java.util.stream.LongStream;
import org.junit.jupiter.api.Test;

/**
 * The upserts whose conflict decides the answer, raced against PostgreSQL: many transactions
 * writing the same key at once leave one row, exactly one of them is told it created it, and every
 * one answers the row that won. Rate-limit increments of one window count exactly.
 */
@QuarkusTest
@TestProfile(NoPollers.class)
class UpsertRacePersistenceTest {

    private static final int RACERS = 8;

    @Inject
    ProductRepository products;

    @Inject
    CheckoutCustomerRepository checkoutCustomers;

    @Inject
    PayerIds payerIds;

    @Inject
    SigningKeyStore signingKeys;

    @Inject
    RateLimitCounterStore counters;

    @Inject
    Transactions transactions;

    @Test
    void givenRacingUpsertsOfOneSku_whenTheyCommit_thenOneProductIsCreatedAndTheOthersUpdateIt() throws Exception {
        TenantScope scope = new TenantScope(new CompanyId(Tenants.company().id()), KeyEnvironment.TEST);
        String sku = "SKU-" + UUID.randomUUID();

        List<Saved<Product>> saved = race(i -> () -> transactions.inTransaction(() -> products.upsert(product(scope, sku, i))));

        assertThat(saved).filteredOn(Saved::isNew).hasSize(1);
        Product created = saved.stream().filter(Saved::isNew).findFirst().orElseThrow().value();
        assertThat(saved).extracting(result -> result.value().id()).as("every upsert answers the created row")
                .containsOnly(created.id());
        assertThat(saved).extracting(result -> result.value().createdAt()).containsOnly(created.createdAt());
        assertThat(Sql.count("SELECT count(*) FROM products WHERE company_id = ? AND sku = ?", scope.companyId().value(), sku))
                .isEqualTo(1);
        Product stored = transactions.inTransaction(() -> products.findBySku(scope, sku)).orElseThrow();
        assertThat(saved).extracting(Saved::value).as("the last writer's values are the stored ones").contains(stored);

        TenantScope live = new TenantScope(scope.companyId(), KeyEnvironment.LIVE);
        Saved<Product> liveProduct = transactions.inTransaction(() -> products.upsert(product(live, sku, 99)));
        assertThat(liveProduct.isNew()).as("the live catalog has a SKU of its own").isTrue();
        assertThat(transactions.inTransaction(() -> products.findBySku(scope, sku))).contains(stored);
    }

    @Test
    void givenRacingResolvesOfOneEmailInAnyCase_whenTheyCommit_thenOnePayerIsStoredAndEveryoneAnswersIt() throws Exception {
        TenantScope scope = new TenantScope(new CompanyId(Tenants.company().id()), KeyEnvironment.LIVE);
        String email = "payer-" + UUID.randomUUID() + "@example.test";

        List<Saved<CheckoutCustomer>> saved = race(i -> () -> transactions.inTransaction(() -> checkoutCustomers.resolve(
                CheckoutCustomer.candidate(scope, payerIds.of(email), i % 2 == 0 ? email : email.toUpperCase(), "Payer " + i,
                        Optional.empty(), Optional.empty(), Instant.parse("2026-11-22T10:00:00Z").plusSeconds(i)))));

        assertThat(saved).filteredOn(Saved::isNew).hasSize(1);
        CheckoutCustomer winner = saved.stream().filter(Saved::isNew).findFirst().orElseThrow().value();
        assertThat(saved).extracting(Saved::value).as("the stored payer, unchanged by the later resolves")
                .containsOnly(winner);
        assertThat(winner.customerId()).isEqualTo(payerIds.of(email.toUpperCase()));
        assertThat(Sql.count("SELECT count(*) FROM checkout_customers WHERE company_id = ? AND lower(email) = lower(?)",
                scope.companyId().value(), email)).isEqualTo(1);
    }

    /**
     * A secret first needed inside a transaction that then rolls back (a batch re-keying payer ids)
     * stays stored: the instance keeps what it read, so another instance must read the same.
     */
    @Test
    void givenASecretCreatedInATransactionThatRollsBack_whenLoadedAgain_thenTheSecretFirstReadIsStored() {
        String name = "test-secret-" + UUID.randomUUID();
        List<byte[]> read = new ArrayList<>();

        assertThatThrownBy(() -> transactions.inTransaction(() -> {
            read.add(signingKeys.loadOrCreateSecret(name, () -> "first".getBytes(StandardCharsets.UTF_8)));
            throw new IllegalStateException("the caller's work fails after the secret was read");
        })).hasMessageContaining("the caller's work fails");

        assertThat(read).hasSize(1);
        assertThat(signingKeys.loadOrCreateSecret(name, () -> "second".getBytes(StandardCharsets.UTF_8)))
                .isEqualTo(read.get(0));
    }

    @Test
    void givenInstancesStartingAtOnce_whenEachLoadsOrCreatesOneKey_thenOneKeyIsStoredAndEveryInstanceUsesIt() throws Exception {
        String name = "test-key-" + UUID.randomUUID();

        List<EncodedKeyPair> loaded = race(i -> () -> signingKeys.loadOrCreate(name, () -> new EncodedKeyPair("EC",
                ("private " + i).getBytes(StandardCharsets.UTF_8), ("public " + i).getBytes(StandardCharsets.UTF_8))));

        EncodedKeyPair first = loaded.get(0);
        assertThat(loaded).allSatisfy(pair -> {
            assertThat(pair.algorithm()).isEqualTo("EC");
            assertThat(pair.privateKeyPkcs8()).isEqualTo(first.privateKeyPkcs8());
            assertThat(pair.publicKeyX509()).isEqualTo(first.publicKeyX509());
        });
        assertThat(Sql.count("SELECT count(*) FROM signing_keys WHERE name = ?", name)).isEqualTo(1);
        assertThat(signingKeys.loadOrCreate(name, () -> {
            throw new AssertionError("a stored key is never generated again");
        }).privateKeyPkcs8()).isEqualTo(first.privateKeyPkcs8());
    }

    @Test
    void givenRacingAdmissionsOfOneWindow_whenTheyCommit_thenEachAdmittedSeesADistinctCountAndTheRestAreRefused()
            throws Exception {
        String bucket = "test:" + UUID.randomUUID();
        Instant windowStart = Instant.parse("2026-11-22T10:00:00Z");
        Instant windowEnd = windowStart.plusSeconds(60);

        List<OptionalLong> counts = race(40, i -> () -> counters.admit(bucket, windowStart, windowEnd, 30));

        assertThat(counts.stream().filter(OptionalLong::isPresent).map(OptionalLong::getAsLong))
                .containsExactlyInAnyOrderElementsOf(LongStream.rangeClosed(1, 30).boxed().toList());
        assertThat(counts.stream().filter(OptionalLong::isEmpty)).as("refused, nothing written").hasSize(10);
        assertThat(Sql.count("SELECT hits FROM rate_limit_counters WHERE bucket = ?", bucket)).isEqualTo(30);
        assertThat(counters.admit(bucket, windowEnd, windowEnd.plusSeconds(60), 30)).as("the next window starts over")
                .hasValue(1);
        assertThat(counters.admit("test:" + UUID.randomUUID(), windowStart, windowEnd, 30)).hasValue(1);
        assertThat(counters.admit(bucket, windowStart, windowEnd, 31)).as("a raised limit admits again").hasValue(31);
    }

    private static <T> List<T> race(IntFunction<Callable<T>> racer) throws Exception {
        return race(RACERS, racer);
    }

    /** Runs the racers at once, each on a thread of its own. */
    private static <T> List<T> race(int racers, IntFunction<Callable<T>> racer) throws Exception {
        return Parallel.run(racers, IntStream.range(0, racers).mapToObj(racer).toList());
    }

    private static Product product(TenantScope scope, String sku, int racer) {
        Instant now = Instant.parse("2026-11-22T10:00:00Z").plusSeconds(racer);
        return new Product(UUID.randomUUID(), scope, sku, "Product " + racer, "Racer " + racer,
                Money.of(1_000L + racer, CurrencyCode.USD), "active", "{\"racer\": " + racer + "}", now, now);
    }
}

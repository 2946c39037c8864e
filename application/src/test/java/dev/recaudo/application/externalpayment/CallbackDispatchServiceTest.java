package dev.recaudo.application.externalpayment;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.recaudo.application.common.DispatchLimits;
import dev.recaudo.application.fakes.CountingMetrics;
import dev.recaudo.application.fakes.DirectTransactions;
import dev.recaudo.application.fakes.EveryLane;
import dev.recaudo.application.fakes.InMemoryCallbacks;
import dev.recaudo.application.fakes.MutableClock;
import dev.recaudo.domain.apikey.KeyEnvironment;
import dev.recaudo.domain.common.TenantScope;
import dev.recaudo.domain.company.CompanyId;
import dev.recaudo.domain.dispatch.DispatchCaps;
import dev.recaudo.domain.dispatch.PausePolicy;
import dev.recaudo.domain.dispatch.TargetHealth;
import dev.recaudo.domain.externalpayment.CallbackRequest;
import dev.recaudo.domain.externalpayment.CallbackResult;
import dev.recaudo.domain.externalpayment.ExternalPaymentSecrets;
import dev.recaudo.domain.money.CurrencyCode;
import dev.recaudo.domain.money.Money;
import dev.recaudo.domain.metrics.DeliveryChannel;
import dev.recaudo.domain.security.SecretUnavailable;
import dev.recaudo.domain.webhook.AttemptResult;
import dev.recaudo.domain.webhook.WebhookSender;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.function.Function;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;

class CallbackDispatchServiceTest {

    private static final Duration LEASE = Duration.ofSeconds(30);
    private static final PausePolicy PAUSES = new PausePolicy(5, Duration.ofMinutes(1), Duration.ofHours(1));

    private final MutableClock clock = new MutableClock(Instant.parse("2026-11-23T10:00:00Z"));
    private final InMemoryCallbacks callbacks = new InMemoryCallbacks();
    private final CountingMetrics metrics = new CountingMetrics();
    private final TenantScope scope = new TenantScope(new CompanyId(UUID.randomUUID()), KeyEnvironment.TEST);

    /** Secrets in memory: the first stored wins, as in the table; a company's can be made unusable. */
    private static final class Secrets implements ExternalPaymentSecrets {
        final Map<CompanyId, String> stored = new HashMap<>();
        final Set<CompanyId> unusable = new HashSet<>();
        int reads;

        @Override
        public String current(CompanyId companyId, Supplier<String> fresh, Instant now) {
            reads++;
            if (unusable.contains(companyId)) {
                throw new SecretUnavailable("external_payment_secrets.secret of row " + companyId + " is planted plaintext");
            }
            return stored.computeIfAbsent(companyId, id -> fresh.get());
        }

        @Override
        public void replace(CompanyId companyId, String replacement, Instant now) {
            stored.put(companyId, replacement);
        }
    }

    /** A sender that answers as told and remembers what the callback's state was when it was called. */
    private final class Sender implements WebhookSender {
        final List<CallbackResult> stateWhenSent = new ArrayList<>();
        final List<Duration> limits = new ArrayList<>();
        final List<String> secrets = new ArrayList<>();
        final Function<String, SendOutcome> answer;

        Sender(Function<String, SendOutcome> answer) {
            this.answer = answer;
        }

        @Override
        public CompletionStage<SendOutcome> send(String url, String webhookId, Instant timestamp, String body,
                List<String> secrets) {
            throw new AssertionError("callbacks are always sent with the receiver's time limit");
        }

        @Override
        public CompletionStage<SendOutcome> send(String url, String webhookId, Instant timestamp, String body, String secret,
                Duration timeLimit) {
            stateWhenSent.add(callbacks.row(UUID.fromString(webhookId)).result);
            limits.add(timeLimit);
            secrets.add(secret);
            return CompletableFuture.completedFuture(answer.apply(url));
        }
    }

    private final Secrets secrets = new Secrets();

    private CallbackDispatchService service(WebhookSender sender) {
        return service(sender, 10);
    }

    private CallbackDispatchService service(WebhookSender sender, int claimMax) {
        return new CallbackDispatchService(callbacks, secrets, () -> "whsec_" + UUID.randomUUID(), sender, PAUSES,
                new DispatchLimits(claimMax, LEASE, 10, new DispatchCaps(2, 4)), new DirectTransactions(), metrics, clock,
                Runnable::run);
    }

    /** Issue 25: a stopping instance claims no callback, so none is left attempting without a sender. */
    @Test
    void givenTheInstanceStopping_whenARunComes_thenNothingIsClaimedAndTheCallbackStaysQueuedForAnother() throws Exception {
        UUID waiting = queued();
        Sender sender = new Sender(url -> WebhookSender.SendOutcome.answered(204, 12));
        CallbackDispatchService stopping = service(sender);

        stopping.stopClaiming();

        assertThat(stopping.dispatchQueued(KeyEnvironment.TEST)).isZero();
        assertThat(sender.secrets).isEmpty();
        assertThat(callbacks.row(waiting).result).isEqualTo(CallbackResult.QUEUED);
        assertThat(callbacks.row(waiting).leasedUntil).isNull();
        assertThat(stopping.awaitIdle(Duration.ZERO)).isZero();
    }

    /** One read of the company's secret per claim, not one per callback. */
    @Test
    void givenSeveralCallbacksOfOneCompanyInAClaim_whenDispatched_thenItsSecretIsReadOnce() {
        TenantScope other = new TenantScope(new CompanyId(UUID.randomUUID()), KeyEnvironment.TEST);
        queued();
        queued();
        queued(other);
        Sender sender = new Sender(url -> WebhookSender.SendOutcome.answered(204, 12));

        service(sender).dispatchQueued(KeyEnvironment.TEST);

        assertThat(sender.secrets).hasSize(3);
        assertThat(secrets.reads).as("one per company of the claim").isEqualTo(2);
    }

    /**
     * Issue 21, item 6: a company whose callback secret cannot be used (planted in plaintext, its key
     * gone) has its callback recorded as failed, unsent, and its origin's health untouched (the
     * target did nothing wrong); the other company's callback of the same run goes out.
     */
    @Test
    void givenOneCompanysSecretUnusable_whenDispatching_thenOnlyItsCallbackIsHeldBackAndRecordedFailed() {
        UUID held = queued();
        TenantScope other = new TenantScope(new CompanyId(UUID.randomUUID()), KeyEnvironment.TEST);
        UUID sent = queued(other);
        secrets.unusable.add(scope.companyId());
        Sender sender = new Sender(url -> WebhookSender.SendOutcome.answered(204, 12));

        assertThat(EveryLane.dispatch(service(sender)::dispatchQueued)).isEqualTo(2);

        assertThat(sender.stateWhenSent).hasSize(1);
        assertThat(callbacks.row(held).result).isEqualTo(CallbackResult.FAILED);
        assertThat(callbacks.row(held).statusCode).isEmpty();
        assertThat(callbacks.row(held).error).hasValueSatisfying(error -> assertThat(error).contains("not sent"));
        assertThat(callbacks.row(sent).result).isEqualTo(CallbackResult.DELIVERED);
        assertThat(callbacks.health(scope, callbacks.row(held).origin)).isEqualTo(TargetHealth.HEALTHY);
        assertThat(metrics.attempts()).containsExactlyInAnyOrder(
                new CountingMetrics.Attempt(DeliveryChannel.PAYMENT_CALLBACK, AttemptResult.NOT_SENT),
                new CountingMetrics.Attempt(DeliveryChannel.PAYMENT_CALLBACK, AttemptResult.DELIVERED));
    }

    private UUID queued() {
        return queued(scope);
    }

    private UUID queued(TenantScope scope) {
        CallbackRequest request = CallbackRequest.completed(scope, UUID.randomUUID(), "https://partner.example/hook",
                Money.of(1500, CurrencyCode.USD), Optional.empty(), UUID.randomUUID(), clock.instant());
        callbacks.queue(request);
        return request.id();
    }

    @Test
    void givenQueuedCallback_whenReceiverAnswers2xx_thenDeliveredAfterAnAttemptingMark() {
        UUID callback = queued();
        Sender sender = new Sender(url -> WebhookSender.SendOutcome.answered(204, 12));

        assertThat(EveryLane.dispatch(service(sender)::dispatchQueued)).isEqualTo(1);

        assertThat(sender.stateWhenSent).containsExactly(CallbackResult.ATTEMPTING);
        assertThat(sender.limits).containsExactly(Duration.ofSeconds(5));
        InMemoryCallbacks.Row row = callbacks.row(callback);
        assertThat(row.result).isEqualTo(CallbackResult.DELIVERED);
        assertThat(row.statusCode).contains(204);
        assertThat(row.durationMillis).contains(12L);
        assertThat(row.attemptedAt).isEqualTo(clock.instant());
        assertThat(metrics.attempts()).containsExactly(
                new CountingMetrics.Attempt(DeliveryChannel.PAYMENT_CALLBACK, AttemptResult.DELIVERED));
    }

    @Test
    void givenFailingReceiver_whenDispatchedAgain_thenRecordedFailedAndNeverRetried() {
        UUID callback = queued();
        Sender sender = new Sender(url -> WebhookSender.SendOutcome.failed(AttemptResult.CONNECTION_FAILED, "connection refused", 3));
        CallbackDispatchService service = service(sender);

        EveryLane.dispatch(service::dispatchQueued);
        clock.advance(Duration.ofHours(1));
        assertThat(EveryLane.dispatch(service::dispatchQueued)).isZero();

        assertThat(sender.stateWhenSent).hasSize(1);
        assertThat(callbacks.row(callback).result).isEqualTo(CallbackResult.FAILED);
        assertThat(callbacks.row(callback).error).contains("connection refused");
        assertThat(metrics.attempts()).as("one attempt, never retried").containsExactly(
                new CountingMetrics.Attempt(DeliveryChannel.PAYMENT_CALLBACK, AttemptResult.CONNECTION_FAILED));
    }

    @Test
    void givenSenderCrashedAfterTheMark_whenLeaseRunsOut_thenUnknownAndNeverSent() {
        UUID callback = queued();
        // The crash: the mark committed, then the instance died before any result was recorded.
        callbacks.claim(List.of(callback), clock.instant(), LEASE);
        Sender sender = new Sender(url -> WebhookSender.SendOutcome.answered(200, 1));
        CallbackDispatchService service = service(sender);

        EveryLane.dispatch(service::dispatchQueued);
        assertThat(callbacks.row(callback).result).as("still within the lease").isEqualTo(CallbackResult.ATTEMPTING);
        clock.advance(LEASE.plusSeconds(1));
        EveryLane.dispatch(service::dispatchQueued);

        assertThat(callbacks.row(callback).result).isEqualTo(CallbackResult.UNKNOWN);
        assertThat(sender.stateWhenSent).isEmpty();
    }

    @Test
    void givenTwoCallbacksOfOneCompany_whenSentInTwoRuns_thenBothSignedWithTheSecretStoredFirst() {
        queued();
        queued();
        Sender sender = new Sender(url -> WebhookSender.SendOutcome.answered(200, 1));
        CallbackDispatchService service = service(sender, 1);

        assertThat(EveryLane.dispatch(service::dispatchQueued)).isEqualTo(1);
        assertThat(EveryLane.dispatch(service::dispatchQueued)).isEqualTo(1);

        assertThat(sender.secrets).hasSize(2);
        assertThat(sender.secrets.get(0)).startsWith("whsec_").isEqualTo(sender.secrets.get(1));
    }

    @Test
    void givenLeaseShorterThanTwiceTheReceiverLimit_whenBuilt_thenRefused() {
        Sender sender = new Sender(url -> null);
        assertThatThrownBy(() -> new CallbackDispatchService(callbacks, new Secrets(), () -> "whsec_x", sender, PAUSES,
                new DispatchLimits(1, Duration.ofSeconds(9), 1, new DispatchCaps(1, 1)), new DirectTransactions(), metrics, clock,
                Runnable::run)).isInstanceOf(IllegalArgumentException.class);
    }
}

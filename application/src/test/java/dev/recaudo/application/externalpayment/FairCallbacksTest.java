package dev.recaudo.application.externalpayment;

import static org.assertj.core.api.Assertions.assertThat;

import dev.recaudo.application.common.DispatchLimits;
import dev.recaudo.application.fakes.CountingMetrics;
import dev.recaudo.application.fakes.DirectTransactions;
import dev.recaudo.application.fakes.EveryLane;
import dev.recaudo.application.fakes.InMemoryCallbacks;
import dev.recaudo.application.fakes.MutableClock;
import dev.recaudo.application.fakes.RecordingWebhookSender;
import dev.recaudo.application.fakes.RecordingWebhookSender.Sent;
import dev.recaudo.domain.apikey.KeyEnvironment;
import dev.recaudo.domain.common.TenantScope;
import dev.recaudo.domain.company.CompanyId;
import dev.recaudo.domain.dispatch.DispatchCaps;
import dev.recaudo.domain.dispatch.PausePolicy;
import dev.recaudo.domain.externalpayment.CallbackRequest;
import dev.recaudo.domain.externalpayment.CallbackResult;
import dev.recaudo.domain.externalpayment.ExternalPaymentSecrets;
import dev.recaudo.domain.metrics.DeliveryChannel;
import dev.recaudo.domain.money.CurrencyCode;
import dev.recaudo.domain.money.Money;
import dev.recaudo.domain.webhook.AttemptResult;
import dev.recaudo.domain.webhook.WebhookSender.SendOutcome;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;

/**
 * Issue 21, callbacks: many in flight at once, within the caps per company and per origin of that
 * company; a company's origin that keeps failing is paused, and its later callbacks are recorded as
 * their one attempt, failed, "target paused", never sent; another company's callbacks to the same
 * host are neither paused nor held back by it, and the test lane never takes the live lane's room.
 */
class FairCallbacksTest {

    private static final Instant NOW = Instant.parse("2026-11-28T10:00:00Z");
    private static final String SLOW = "https://slow.example/hook";
    /** Per claim 10, per lane and instance 6; per origin 2, per company 4. */
    private static final DispatchLimits LIMITS = new DispatchLimits(10, Duration.ofSeconds(30), 6, new DispatchCaps(2, 4));

    private final MutableClock clock = new MutableClock(NOW);
    private final InMemoryCallbacks callbacks = new InMemoryCallbacks();
    private final CountingMetrics metrics = new CountingMetrics();
    private final RecordingWebhookSender sender = new RecordingWebhookSender();
    private final CallbackDispatchService service = new CallbackDispatchService(callbacks, new Secrets(), () -> "whsec_c2VjcmV0",
            sender, new PausePolicy(3, Duration.ofMinutes(1), Duration.ofHours(1)), LIMITS, new DirectTransactions(), metrics,
            clock, Runnable::run);
    private final TenantScope noisy = new TenantScope(CompanyId.random(), KeyEnvironment.TEST);
    private final TenantScope quiet = new TenantScope(CompanyId.random(), KeyEnvironment.TEST);

    /** One secret per company, made on first use. */
    private static final class Secrets implements ExternalPaymentSecrets {
        @Override
        public String current(CompanyId companyId, Supplier<String> fresh, Instant now) {
            return "whsec_c2VjcmV0";
        }

        @Override
        public void replace(CompanyId companyId, String replacement, Instant now) {
            throw new AssertionError("not rotated here");
        }
    }

    private List<UUID> queue(TenantScope scope, String url, int count) {
        List<UUID> ids = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            CallbackRequest request = CallbackRequest.completed(scope, UUID.randomUUID(), url, Money.of(1500, CurrencyCode.USD),
                    Optional.empty(), UUID.randomUUID(), clock.instant());
            callbacks.queue(request);
            ids.add(request.id());
            clock.advance(Duration.ofMillis(1));
        }
        return ids;
    }

    @Test
    void givenSlowReceivers_whenDispatchedAgainAndAgain_thenCapsPerOriginAndCompanyHoldAndOthersStillGoOut() {
        sender.hold();
        queue(noisy, SLOW, 10);
        queue(noisy, "https://slower.example/hook", 10);
        queue(noisy, "https://slowest.example/hook", 10);
        List<UUID> quietOnes = queue(quiet, "https://slow.example/other-path", 1);

        for (int run = 0; run < 5; run++) {
            EveryLane.dispatch(service::dispatchQueued);
        }

        assertThat(sender.inFlight()).filteredOn(held -> held.request().url().contains("slow.example/hook")).hasSize(2);
        assertThat(sender.inFlight()).as("the noisy company's cap, and the quiet company's one").hasSize(4 + 1);
        assertThat(sender.sent()).extracting(Sent::webhookId).contains(quietOnes.get(0).toString());
    }

    @Test
    void givenAnOriginThatKeepsFailing_whenPaused_thenTheCompanysLaterCallbacksToItAreRecordedUnsentAndOthersAreSent() {
        sender.answeringBy(request -> Optional.of(request.url().startsWith(SLOW)
                ? SendOutcome.failed(AttemptResult.TIMEOUT, "timeout after 5000 ms", 5000)
                : SendOutcome.answered(204, 3)));
        List<UUID> failing = queue(noisy, SLOW, 3);
        EveryLane.dispatch(service::dispatchQueued);
        EveryLane.dispatch(service::dispatchQueued);
        assertThat(callbacks.health(noisy, "https://slow.example").pausedUntil()).as("paused after three failures")
                .hasValue(NOW.plusMillis(3).plus(Duration.ofMinutes(1)));
        List<UUID> later = queue(noisy, SLOW + "?again", 4);
        List<UUID> elsewhere = queue(noisy, "https://fine.example/hook", 1);
        List<UUID> otherCompany = queue(quiet, SLOW, 1);
        int sentBefore = sender.sent().size();

        EveryLane.dispatch(service::dispatchQueued);

        assertThat(later).allSatisfy(id -> {
            InMemoryCallbacks.Row row = callbacks.row(id);
            assertThat(row.result).isEqualTo(CallbackResult.FAILED);
            assertThat(row.error).contains("target paused");
            assertThat(row.statusCode).isEmpty();
        });
        assertThat(sender.sent().subList(sentBefore, sender.sent().size())).extracting(Sent::webhookId)
                .as("the company's other origin and the other company's callback to the same origin")
                .containsExactlyInAnyOrder(elsewhere.get(0).toString(), otherCompany.get(0).toString());
        assertThat(callbacks.row(otherCompany.get(0)).error).as("really attempted").contains("timeout after 5000 ms");
        assertThat(callbacks.health(quiet, "https://slow.example").consecutiveFailures())
                .as("the other company's own count, not paused by the noisy one's failures").isEqualTo(1);
        assertThat(metrics.attempts()).filteredOn(attempt -> attempt.result() == AttemptResult.TARGET_PAUSED).hasSize(4)
                .allSatisfy(attempt -> assertThat(attempt.channel()).isEqualTo(DeliveryChannel.PAYMENT_CALLBACK));
        clock.advance(Duration.ofMinutes(2));
        EveryLane.dispatch(service::dispatchQueued);
        assertThat(failing).extracting(id -> callbacks.row(id).result).as("never retried").containsOnly(CallbackResult.FAILED);
    }

    @Test
    void givenTheTestLaneFullOfHangingCallbacks_whenALiveCallbackIsQueued_thenItIsSentAtOnce() {
        sender.hold();
        for (int i = 0; i < 4; i++) {
            queue(new TenantScope(CompanyId.random(), KeyEnvironment.TEST), SLOW, 2);
        }
        for (int run = 0; run < 3; run++) {
            EveryLane.dispatch(service::dispatchQueued);
        }
        assertThat(sender.inFlight()).as("the test lane's room on this instance").hasSize(LIMITS.inFlightMax());
        List<UUID> live = queue(new TenantScope(CompanyId.random(), KeyEnvironment.LIVE), SLOW, 1);

        assertThat(EveryLane.dispatch(service::dispatchQueued)).isEqualTo(1);

        assertThat(sender.sent()).last().extracting(Sent::webhookId).isEqualTo(live.get(0).toString());
        assertThat(callbacks.row(live.get(0)).result).isEqualTo(CallbackResult.ATTEMPTING);
    }
}

package dev.recaudo.application.fakes;

import dev.recaudo.application.rail.CardProcessor;
import dev.recaudo.application.rail.HostedSession;
import dev.recaudo.application.rail.PayoutReport;
import dev.recaudo.domain.common.TenantScope;
import java.util.Optional;

/**
 * The base of the card processor doubles: every call fails the test ("not expected here"); each double
 * overrides only what it answers, so a call the test did not plan for is never answered by accident.
 */
public abstract class UnansweringCardProcessor implements CardProcessor {

    private static AssertionError unexpected(String call) {
        return new AssertionError(call + " not expected here");
    }

    @Override
    public ChargeAnswer charge(ChargeRequest request) {
        throw unexpected("charge");
    }

    @Override
    public Finding lookup(TenantScope scope, String processorKey) {
        throw unexpected("lookup");
    }

    @Override
    public RefundAnswer refund(RefundRequest request) {
        throw unexpected("refund");
    }

    @Override
    public Optional<RefundAnswer> refundOf(TenantScope scope, String idempotencyKey) {
        throw unexpected("refundOf");
    }

    @Override
    public HostedSession openSession(HostedSession.Request request) {
        throw unexpected("openSession");
    }

    @Override
    public HostedSession session(String sessionId) {
        throw unexpected("session");
    }

    @Override
    public HostedSession expireSession(String sessionId) {
        throw unexpected("expireSession");
    }

    @Override
    public PayoutReport payout(String payoutId) {
        throw unexpected("payout");
    }
}

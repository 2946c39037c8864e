package dev.recaudo.e2e.support;

import dev.recaudo.application.rail.CardProcessor;
import dev.recaudo.application.rail.HostedSession;
import dev.recaudo.application.rail.PayoutReport;
import dev.recaudo.domain.common.TenantScope;
import java.util.Optional;

/**
 * The base of the end-to-end card processor doubles: every call is refused ("not expected here"); each
 * double overrides only what it answers. Refused with a {@link RuntimeException}, as a failing processor
 * call is, so that the service handles an unplanned call as it does in production.
 */
public abstract class UnansweringCardProcessor implements CardProcessor {

    private static UnsupportedOperationException unexpected(String call) {
        return new UnsupportedOperationException(call + " not expected here");
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

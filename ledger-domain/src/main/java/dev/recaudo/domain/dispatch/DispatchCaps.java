package dev.recaudo.domain.dispatch;

/**
 * Attempts in flight at once, across every instance: to one target, and for one company in one
 * environment (a lane: live and test are counted apart, so a company's test traffic never takes its
 * live traffic's share).
 */
public record DispatchCaps(int perTargetMax, int perCompanyMax) {

    public DispatchCaps {
        if (perTargetMax < 1 || perCompanyMax < perTargetMax) {
            throw new IllegalArgumentException("a target takes at least one attempt and a company at least as many as a target");
        }
    }
}

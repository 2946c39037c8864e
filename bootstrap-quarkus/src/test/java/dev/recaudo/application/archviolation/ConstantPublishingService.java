package dev.recaudo.application.archviolation;

/**
 * A deliberate violation, kept in test sources only: a use-case service publishing a constant,
 * which the compiler would copy into its callers, out of sight of the dependency rules.
 */
public final class ConstantPublishingService {

    public static final String RESERVED_PREFIX = "reserved:";

    /** Not a violation: callers outside the package cannot read it. */
    static final int BATCH_MAX = 100;

    public int batchMax() {
        return BATCH_MAX;
    }
}

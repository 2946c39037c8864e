package dev.recaudo.bootstrap.crash;

import dev.recaudo.bootstrap.RecaudoConfig;
import jakarta.inject.Inject;
import jakarta.inject.Singleton;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicInteger;
import org.jboss.logging.Logger;

/**
 * Halts the process at the configured {@link CrashPoint} when it is reached for the configured
 * time. {@link Runtime#halt(int)} runs no shutdown hook, closes no pool and commits nothing, so the
 * database sees what it sees after {@code kill -9}: connections dropped, open transactions rolled back.
 */
@Singleton
public class CrashSwitch {

    /** The exit status of a process killed by SIGKILL, so that the battery reads both alike. */
    static final int KILLED_STATUS = 137;

    private static final Logger LOG = Logger.getLogger(CrashSwitch.class);

    private final Optional<CrashPoint> point;
    private final int occurrence;
    private final Runnable halt;
    private final AtomicInteger reached = new AtomicInteger();

    @Inject
    CrashSwitch(RecaudoConfig config) {
        this(config.crashTest().point(), config.crashTest().occurrence(),
                () -> Runtime.getRuntime().halt(KILLED_STATUS));
    }

    CrashSwitch(Optional<CrashPoint> point, int occurrence, Runnable halt) {
        this.point = point;
        this.occurrence = occurrence;
        this.halt = halt;
        point.ifPresent(armed -> LOG.warnf("crash test: this instance halts at %s, occurrence %d", armed, occurrence));
    }

    boolean armed(CrashPoint step) {
        return point.filter(step::equals).isPresent();
    }

    /** Called by the hooks each time the step is reached; halts on the armed point's chosen occurrence. */
    void reached(CrashPoint step) {
        if (armed(step) && reached.incrementAndGet() == occurrence) {
            LOG.warnf("crash test: halting at %s", step);
            halt.run();
        }
    }
}

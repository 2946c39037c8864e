package dev.recaudo.bootstrap.crash;

/** The steps of the background work, and of a direct payment's charge or a refund, where a crash test may halt the process. */
public enum CrashPoint {

    /**
     * An external payment's callback is claimed and its {@code ATTEMPTING} mark committed (long after
     * the payment itself committed), and the request has not left yet.
     */
    CALLBACK_BEFORE_SEND,

    /** A webhook delivery reached its receiver and was answered, and the attempt is not recorded yet. */
    WEBHOOK_AFTER_SEND,

    /**
     * A job's batch committed and the next batch is starting: the {@code occurrence}-th time counts
     * that many committed batches.
     */
    JOB_AFTER_BATCH,

    /**
     * A direct payment's charge was answered by the processor (the pending payment committed long
     * before), and the answer is not recorded yet.
     */
    CHARGE_AFTER_PROCESSOR,

    /**
     * A refund was answered by the processor (the pending refund and its money in flight committed
     * before), and the answer is not recorded yet.
     */
    REFUND_AFTER_PROCESSOR
}

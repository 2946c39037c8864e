package dev.recaudo.battery;

import java.time.LocalDate;
import java.time.ZoneOffset;
import org.junit.jupiter.api.extension.ConditionEvaluationResult;
import org.junit.jupiter.api.extension.ExecutionCondition;
import org.junit.jupiter.api.extension.ExtensionContext;

/** Decides whether a {@link Slow} suite runs: all of them, one part chosen, or the part of the day. */
final class SlowSuites implements ExecutionCondition {

    static final int PARTS = 3;

    @Override
    public ConditionEvaluationResult evaluateExecutionCondition(ExtensionContext context) {
        Slow slow = context.getRequiredTestClass().getAnnotation(Slow.class);
        if (slow == null) {
            return ConditionEvaluationResult.enabled("not a slow suite");
        }
        String chosen = System.getProperty("battery.slow", "day");
        if ("all".equals(chosen)) {
            return ConditionEvaluationResult.enabled("battery.slow=all");
        }
        int part = "day".equals(chosen) ? LocalDate.now(ZoneOffset.UTC).getDayOfYear() % PARTS : Integer.parseInt(chosen);
        return slow.part() == part
                ? ConditionEvaluationResult.enabled("slow part " + part + " runs now")
                : ConditionEvaluationResult.disabled("slow part " + slow.part() + " waits its turn (this run takes part "
                        + part + "; -Pslow runs every part)");
    }
}

package dev.recaudo.battery;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * A battery suite of several minutes, run in part by default so that the whole {@code ./mvnw -B verify}
 * stays within CI's budget: the slow suites are split into {@link SlowSuites#PARTS} parts of similar
 * length, and a run takes the part of the day (UTC day of the year modulo the parts), so that every part
 * runs within that many days. {@code -Pslow} (system property {@code battery.slow=all}) runs them all;
 * {@code -Dbattery.slow=<part>} runs one part. docs/reliability.md lists the parts.
 */
@Target(ElementType.TYPE)
@Retention(RetentionPolicy.RUNTIME)
@Tag("slow")
@ExtendWith(SlowSuites.class)
@interface Slow {

    /** The part of the slow suites this one belongs to, 0 to {@code SlowSuites.PARTS - 1}. */
    int part();
}

package dev.recaudo.stripe;

import dev.recaudo.application.rail.CardCredentials;
import dev.recaudo.application.rail.CardProcessor;
import java.time.Duration;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;

/**
 * The set-up of the tests against {@link StripeDouble}: one double per test class, emptied before
 * each test, and the rail's processor connected to it under a test's key.
 */
abstract class StripeDoubleTest {

    static StripeDouble stripe;

    @BeforeAll
    static void start() {
        stripe = StripeDouble.start();
    }

    @AfterAll
    static void stop() {
        stripe.close();
    }

    @BeforeEach
    void reset() {
        stripe.reset();
    }

    /** The processor of {@code secretKey} against the double, with a two-second connect timeout. */
    static CardProcessor processor(String secretKey, Duration readTimeout, int retries) {
        return new StripeRail(new StripeSettings(stripe.baseUrl(), Duration.ofSeconds(2), readTimeout, retries))
                .connect(new CardCredentials(secretKey, "whsec_x"));
    }
}

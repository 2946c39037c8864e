package dev.recaudo.e2e.live;

import dev.recaudo.stripe.StripeDouble;
import io.quarkus.test.common.QuarkusTestResourceLifecycleManager;
import io.quarkus.test.junit.QuarkusTestProfile;
import java.util.List;
import java.util.Map;

/**
 * A service built with the REAL Stripe rail ({@code recaudo-test.card-rail=stripe}: the build property
 * that otherwise swaps in the recording double of the port) whose {@code recaudo.payments.stripe.api-base}
 * is a {@link StripeDouble} on a loopback port, started before the service and kept for the profile's tests.
 * The read timeout is short so a charge the double answers late is a lost answer within a test; the SDK
 * retries nothing, so the journal shows each call once.
 */
public class RealStripeRail implements QuarkusTestProfile {

    /** The profile's read timeout of Stripe's answers. */
    static final int READ_TIMEOUT_MILLIS = 1500;

    private static volatile StripeDouble stripe;

    /** The double the running service calls. */
    static StripeDouble stripe() {
        if (stripe == null) {
            throw new IllegalStateException("the Stripe double starts with the RealStripeRail profile");
        }
        return stripe;
    }

    @Override
    public Map<String, String> getConfigOverrides() {
        // Both spellings: application.properties sets the %test one, which a bare key would not replace.
        return Map.of("recaudo-test.card-rail", "stripe", "%test.recaudo-test.card-rail", "stripe",
                "recaudo.payments.stripe.read-timeout-millis", String.valueOf(READ_TIMEOUT_MILLIS),
                "recaudo.payments.stripe.max-network-retries", "0");
    }

    @Override
    public List<TestResourceEntry> testResources() {
        return List.of(new TestResourceEntry(StripeApi.class));
    }

    /** Starts the double and points the rail's API base at it. */
    public static class StripeApi implements QuarkusTestResourceLifecycleManager {
        @Override
        public Map<String, String> start() {
            stripe = StripeDouble.start();
            return Map.of("recaudo.payments.stripe.api-base", stripe.baseUrl());
        }

        @Override
        public void stop() {
            if (stripe != null) {
                stripe.close();
                stripe = null;
            }
        }
    }
}

package dev.recaudo.stripe;

import dev.recaudo.application.rail.CardCredentials;
import dev.recaudo.application.rail.CardProcessor;
import io.opentelemetry.api.trace.Tracer;
import io.opentelemetry.sdk.testing.exporter.InMemorySpanExporter;
import io.opentelemetry.sdk.trace.SdkTracerProvider;
import io.opentelemetry.sdk.trace.export.SimpleSpanProcessor;
import java.time.Duration;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;

/**
 * The set-up of the tests against {@link StripeDouble}: one double per test class, emptied before
 * each test, and the rail's processor connected to it under a test's key, its requests' spans
 * recorded in {@link #SPANS}.
 */
abstract class StripeDoubleTest {

    static final InMemorySpanExporter SPANS = InMemorySpanExporter.create();
    static final Tracer TRACER = SdkTracerProvider.builder().addSpanProcessor(SimpleSpanProcessor.create(SPANS)).build()
            .get("recaudo");

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
        SPANS.reset();
    }

    /** The processor of {@code secretKey} against the double, with a two-second connect timeout. */
    static CardProcessor processor(String secretKey, Duration readTimeout, int retries) {
        return new StripeRail(new StripeSettings(stripe.baseUrl(), Duration.ofSeconds(2), readTimeout, retries), TRACER)
                .connect(new CardCredentials(secretKey, "whsec_x"));
    }
}

package dev.recaudo.bootstrap.tracing;

import io.opentelemetry.api.OpenTelemetry;
import io.opentelemetry.api.trace.Tracer;
import io.opentelemetry.api.trace.TracerProvider;
import io.opentelemetry.sdk.trace.samplers.Sampler;
import jakarta.enterprise.inject.Produces;
import jakarta.inject.Singleton;
import java.util.concurrent.ThreadLocalRandom;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * The tracer the adapters write their spans with, and the sampler (docs/operations.md, "Tracing").
 * While tracing is off ({@code quarkus.otel.sdk.disabled}), OpenTelemetry's SDK still builds every
 * span it is asked for and drops it at the end; the adapters get a tracer that builds none, so a
 * transaction, an attempt or a call to Stripe costs nothing and puts no span id in the logs.
 */
@Singleton
public class TracingWiring {

    private static final String SCOPE = "dev.recaudo";

    @Produces
    @Singleton
    Tracer tracer(OpenTelemetry openTelemetry, @ConfigProperty(name = "quarkus.otel.sdk.disabled") boolean disabled) {
        return disabled ? TracerProvider.noop().get(SCOPE) : openTelemetry.getTracer(SCOPE);
    }

    @Produces
    @Singleton
    Sampler sampler(@ConfigProperty(name = "quarkus.otel.traces.sampler.arg", defaultValue = "1.0") String share) {
        return new CallerProofSampler(Double.parseDouble(share), () -> ThreadLocalRandom.current().nextDouble());
    }
}

package dev.recaudo.e2e.support;

import io.opentelemetry.sdk.testing.exporter.InMemorySpanExporter;
import io.quarkus.arc.Unremovable;
import jakarta.enterprise.inject.Produces;
import jakarta.inject.Singleton;

/**
 * The spans a test service exports, kept in memory: Quarkus hands every span exporter bean the
 * finished spans (its {@code cdi} exporter), so a test with tracing switched on reads what an
 * OTLP collector would receive. With tracing off, as in every other test, nothing reaches it.
 */
public class RecordedSpans {

    @Produces
    @Singleton
    @Unremovable
    InMemorySpanExporter exporter() {
        return InMemorySpanExporter.create();
    }
}

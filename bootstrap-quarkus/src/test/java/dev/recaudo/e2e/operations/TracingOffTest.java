package dev.recaudo.e2e.operations;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;

import dev.recaudo.e2e.support.Invoices;
import dev.recaudo.e2e.support.Tenants;
import io.opentelemetry.api.trace.Tracer;
import io.opentelemetry.sdk.testing.exporter.InMemorySpanExporter;
import io.quarkus.test.junit.QuarkusTest;
import jakarta.inject.Inject;
import org.junit.jupiter.api.Test;

/**
 * Issue 25: tracing is off unless an operator switches it on. With the shipped settings a request,
 * or its transaction exports no span, however long one waits for the exporters, and the adapters'
 * tracer builds none.
 */
@QuarkusTest
class TracingOffTest {

    @Inject
    InMemorySpanExporter spans;

    @Inject
    Tracer tracer;

    @Test
    void givenTheShippedSettings_whenAnInvoiceIsCreated_thenNoSpanIsExported() throws InterruptedException {
        Invoices.create(Invoices.liveKey(Tenants.company()), Invoices.body());
        given().get("/v1/invoices").then().statusCode(401);

        assertThat(tracer.spanBuilder("transaction").startSpan().getSpanContext().isValid())
                .as("the adapters' tracer builds no span").isFalse();
        // Ten times the batch delay of the tests: spans of the request would have been exported by now.
        Thread.sleep(1_000);
        assertThat(spans.getFinishedSpanItems()).isEmpty();
    }
}

package dev.recaudo.battery;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.recaudo.battery.BatteryClient.Answer;
import dev.recaudo.battery.BatteryClient.Call;
import dev.recaudo.e2e.support.PostgresTestDatabase;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/**
 * Issue 25: with {@code QUARKUS_LOG_CONSOLE_JSON_ENABLED=true} the packaged service logs one JSON
 * object per line, each line of a request naming the request, and once a credential named them the
 * caller's company and key (its id), for a log collector to filter on; no secret is in any field.
 * Tracing is switched on the way an operator does it (environment only, no rebuild) and exports
 * over OTLP to a collector on loopback: a line of a request carries the trace id its spans were
 * sent under, and neither the spans on the wire nor any log field holds a hosted page's checkout id
 * or a credential sent in a query.
 */
class StructuredLogsIT {

    private static final ObjectMapper JSON = new ObjectMapper();

    @Test
    void givenJsonLogsAndTracing_whenAKeyAnAdministratorAndNoCredentialCall_thenEveryLineIsJsonAndNamesItsRequestCompanyAndKey()
            throws Exception {
        Battery.closeShared();
        Database database = Database.create(PostgresTestDatabase.SERVER, PostgresTestDatabase.USER, PostgresTestDatabase.PASSWORD,
                "recaudo_logs_");
        Map<String, String> environment = new HashMap<>(Battery.configuration());
        environment.put("QUARKUS_LOG_CONSOLE_JSON_ENABLED", "true");
        String checkoutId = UUID.randomUUID().toString();
        try (OtlpCollector collector = OtlpCollector.start();
                ServiceInstance instance = ServiceInstance.start("StructuredLogsIT", database, collector.switchOn(environment))) {
            BatteryClient client = new BatteryClient(List.of(instance));
            Company company = Company.onboard(client, Battery.OPERATOR_TOKEN);
            Company.Key key = company.invoicesKey();

            Answer keyed = client.send(Call.get("/v1/invoices").header("Authorization", "Bearer " + key.secret())
                    .header("X-Request-Id", "logs-keyed"));
            Answer administrator = client.send(Call.get("/companies/" + company.id() + "/api-keys")
                    .header("Authorization", "Bearer " + company.adminToken()).header("X-Request-Id", "logs-admin"));
            Answer anonymous = client.send(Call.get("/v1/invoices").header("X-Request-Id", "logs-anonymous"));
            client.send(Call.get("/pay/" + checkoutId + "?token=T-SECRET-7&lang=en").header("X-Request-Id", "logs-page"));
            assertThat(List.of(keyed.status(), administrator.status(), anonymous.status())).containsExactly(200, 200, 401);
            Eventually.await("the four access log lines", Duration.ofSeconds(10), () -> List.of("logs-keyed", "logs-admin",
                    "logs-anonymous", "logs-page").stream().allMatch(id -> !linesOf(instance, id).isEmpty()));

            List<String> lines = instance.output().lines().filter(line -> !line.isBlank()).toList();
            assertThat(lines).as("every line of the log").allSatisfy(line -> assertThat(parse(line).path("message").isTextual())
                    .as("a JSON object with a message: %s", line).isTrue());
            assertThat(linesOf(instance, "logs-keyed")).allSatisfy(line -> {
                assertThat(line.at("/mdc/companyId").asText()).isEqualTo(company.id().toString());
                assertThat(line.at("/mdc/keyId").asText()).isEqualTo(key.id().toString());
            });
            assertThat(linesOf(instance, "logs-admin")).allSatisfy(line -> {
                assertThat(line.at("/mdc/companyId").asText()).isEqualTo(company.id().toString());
                assertThat(line.at("/mdc/keyId").isMissingNode()).isTrue();
            });
            assertThat(linesOf(instance, "logs-anonymous")).allSatisfy(line -> {
                assertThat(line.at("/mdc/companyId").isMissingNode()).isTrue();
                assertThat(line.at("/mdc/keyId").isMissingNode()).isTrue();
            });
            String traceId = linesOf(instance, "logs-keyed").get(0).at("/mdc/traceId").asText();
            assertThat(traceId).as("the trace id on the keyed request's lines").matches("[0-9a-f]{32}");
            Eventually.await("the keyed request's span at the collector", Duration.ofSeconds(10),
                    () -> collector.received(HexFormat.of().parseHex(traceId)));
            Eventually.await("the hosted page's span at the collector", Duration.ofSeconds(10),
                    () -> collector.received("/pay/***".getBytes(StandardCharsets.UTF_8)));
            assertThat(collector.received(checkoutId.getBytes(StandardCharsets.UTF_8))).as("the checkout id in a span").isFalse();
            assertThat(collector.received("T-SECRET-7".getBytes(StandardCharsets.UTF_8))).as("a query's token in a span").isFalse();
            assertThat(instance.output()).doesNotContain(checkoutId).doesNotContain("T-SECRET-7");
            LogScan.assertClean(List.of(instance.log()));
        } finally {
            database.drop();
        }
    }

    /** The log lines of one request, by the request id in their context. */
    private static List<JsonNode> linesOf(ServiceInstance instance, String requestId) {
        return instance.output().lines().filter(line -> line.startsWith("{")).map(StructuredLogsIT::parse)
                .filter(line -> requestId.equals(line.at("/mdc/requestId").asText())).toList();
    }

    private static JsonNode parse(String line) {
        try {
            return JSON.readTree(line);
        } catch (IOException e) {
            throw new UncheckedIOException("not JSON: " + line, e);
        }
    }
}

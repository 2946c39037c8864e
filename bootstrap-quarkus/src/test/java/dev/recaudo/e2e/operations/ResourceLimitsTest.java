package dev.recaudo.e2e.operations;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;

import dev.recaudo.e2e.support.Heap;
import dev.recaudo.e2e.support.Invoices;
import dev.recaudo.e2e.support.Partner;
import dev.recaudo.e2e.support.RawHttp;
import dev.recaudo.e2e.support.Signer;
import dev.recaudo.e2e.support.Tenants;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.RestAssured;
import io.restassured.path.json.JsonPath;
import io.restassured.response.Response;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.function.Consumer;
import java.util.function.Function;
import org.junit.jupiter.api.Test;

/**
 * Resource limits on every family's write and list endpoints (issue 12, "Resource limits"): a huge
 * or tiny exponent, nesting ten thousand deep and a huge array, wherever the body holds them, are
 * answered with the family's 4xx envelope within a second and leave the heap as it was; arrays
 * beyond a list's maximum, bodies over the cap sent in chunks to the families
 * {@code ChunkedBodyTest} leaves out, and page sizes over the maximum on every list are refused.
 */
@QuarkusTest
class ResourceLimitsTest {

    private static final Duration ANSWER_TIME_MAX = Duration.ofSeconds(1);
    private static final long HEAP_GROWTH_MAX_BYTES = 64L * 1024 * 1024;
    private static final int DEPTH = 10_000;
    private static final HttpClient CLIENT = HttpClient.newHttpClient();

    /** Each hostile value by the name the failure shows. */
    private static final Map<String, String> HOSTILE = hostile();

    private static Map<String, String> hostile() {
        Map<String, String> values = new LinkedHashMap<>();
        for (String number : List.of("1e999999999", "1e-999999999", "123E+2147483647")) {
            values.put(number, number);
        }
        values.put("arrays nested " + DEPTH + " deep", "[".repeat(DEPTH) + "]".repeat(DEPTH));
        values.put("objects nested " + DEPTH + " deep", "{\"a\":".repeat(DEPTH) + "1" + "}".repeat(DEPTH));
        values.put("an array of 200,000 numbers", "[" + "1,".repeat(199_999) + "1]");
        return values;
    }

    /** A write endpoint: how to send a body, the body with {@code %s} where the value goes, and its family's answer. */
    private record Write(String name, Function<String, Answer> send, String body, Consumer<JsonPath> family) {}

    private static void publicEnvelope(JsonPath answer) {
        assertThat(answer.getMap("")).containsOnlyKeys("message", "code", "code_name", "errors");
    }

    private static void integrationsEnvelope(JsonPath answer) {
        assertThat(answer.getMap("")).containsOnlyKeys("error");
        assertThat(answer.getMap("error")).containsOnlyKeys("code", "message", "requestId");
    }

    private static void statusEnvelope(JsonPath answer) {
        assertThat(answer.getMap("")).containsOnlyKeys("statusCode", "message", "error", "timestamp", "path");
    }

    /** An answer as the JDK client got it: what is timed is the service, not a client library's handling of the body. */
    private record Answer(int status, String body) {
        JsonPath json() {
            return new JsonPath(body);
        }
    }

    private static Answer post(String method, String path, Map<String, String> headers, String body) {
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create("http://localhost:" + RestAssured.port + path))
                .timeout(Duration.ofSeconds(30)).header("Content-Type", "application/json")
                .method(method, HttpRequest.BodyPublishers.ofString(body));
        headers.forEach(request::header);
        try {
            HttpResponse<String> response = CLIENT.send(request.build(), HttpResponse.BodyHandlers.ofString());
            return new Answer(response.statusCode(), response.body());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    private static Map<String, String> bearer(String token) {
        return Map.of("Authorization", "Bearer " + token);
    }

    private static Map<String, String> withIdempotency(String header, Map<String, String> headers) {
        Map<String, String> all = new LinkedHashMap<>(headers);
        all.put(header, UUID.randomUUID().toString());
        return all;
    }

    /** A signed integrations POST, as {@code Integrations.post} sends it. */
    private static Answer signed(Partner partner, String route, String body) {
        String path = partner.base + route;
        String timestamp = Signer.now();
        return post("POST", path, withIdempotency("Idempotency-Key", Map.of("Authorization", "Bearer " + partner.key.secret(),
                "Service-Timestamp", timestamp, "Service-Signature", Signer.sign(partner.key.secret(), timestamp, "POST", path, body))),
                body);
    }

    private static List<Write> writes() {
        Tenants.Company company = Tenants.company();
        Tenants.Key invoices = Invoices.liveKey(company);
        String invoiceId = Invoices.create(invoices).getString("id");
        Partner partner = Partner.create();
        Tenants.Key shop = company.key("shop", List.of("payments:create", "checkout:write"), "shop");
        String checkoutToken = given().header("X-API-Key", shop.secret()).post("/checkout/token")
                .then().statusCode(200).extract().path("accessToken");
        return List.of(
                new Write("POST /v1/invoices", body -> post("POST", "/v1/invoices",
                        withIdempotency("x-idempotency", bearer(invoices.secret())), body),
                        "{\"reference\":\"V-1\",\"provider\":\"erp\",\"amount\":%s,\"name\":\"Factura\"}",
                        ResourceLimitsTest::publicEnvelope),
                new Write("PUT /v1/invoices/{id}", body -> post("PUT", "/v1/invoices/" + invoiceId, bearer(invoices.secret()), body),
                        "{\"reference\":\"V-12345\",\"amount\":%s,\"name\":\"Factura\"}", ResourceLimitsTest::publicEnvelope),
                new Write("POST collection-documents/upsert", body -> signed(partner, "/collection-documents/upsert", body),
                        "{\"source\":\"acme-erp\",\"externalDocumentId\":\"D-1\",\"customerExternalId\":\"C-1\","
                                + "\"currency\":\"USD\",\"totalMinor\":%s}", ResourceLimitsTest::integrationsEnvelope),
                new Write("POST verified-payments", body -> signed(partner, "/verified-payments", body),
                        "{\"source\":\"acme-erp\",\"externalPaymentId\":\"P-1\",\"customerExternalId\":\"C-1\","
                                + "\"amountMinor\":%s,\"currency\":\"USD\"}", ResourceLimitsTest::integrationsEnvelope),
                new Write("POST customers/upsert", body -> signed(partner, "/customers/upsert", body),
                        "{\"source\":\"acme-erp\",\"externalId\":\"C-2\",\"type\":\"business\",\"name\":\"Cliente\","
                                + "\"creditLimitMinor\":%s}", ResourceLimitsTest::integrationsEnvelope),
                external(shop, "/external/payments"),
                external(shop, "/external/payments/direct"),
                new Write("POST /checkout/product", body -> post("POST", "/checkout/product", bearer(checkoutToken), body),
                        "{\"companyId\":\"" + company.id() + "\",\"sku\":\"S-1\",\"name\":\"Plan\",\"amountMinor\":%s,"
                                + "\"currency\":\"USD\"}", ResourceLimitsTest::statusEnvelope),
                new Write("POST api-keys", body -> post("POST", "/companies/" + company.id() + "/api-keys",
                        bearer(company.adminToken()), body), "{\"name\":\"k\",\"rateLimitRpm\":%s}",
                        ResourceLimitsTest::publicEnvelope),
                new Write("POST /operator/companies", body -> post("POST", "/operator/companies", bearer(Tenants.OPERATOR_TOKEN),
                        body), "{\"name\":\"Empresa\",\"referenceCurrency\":\"USD\",\"x\":%s}",
                        ResourceLimitsTest::publicEnvelope));
    }

    private static Write external(Tenants.Key shop, String path) {
        return new Write("POST " + path, body -> post("POST", path, withIdempotency("Idempotency-Key",
                Map.of("X-API-Key", shop.secret())), body), "{\"amountMinor\":%s,\"currency\":\"USD\"}",
                ResourceLimitsTest::statusEnvelope);
    }

    @Test
    void givenHostileValuesOnEveryFamilysWrites_whenSent_thenTheFamilys4xxWithinASecondAndTheHeapStaysFlat() {
        List<Write> writes = writes();
        // The client's own first connection is not the service's answer time.
        assertThat(post("POST", "/v1/invoices", Map.of(), "{}").status()).isBetween(400, 499);
        long heapBefore = Heap.usedAfterCollection();
        for (Write write : writes) {
            HOSTILE.forEach((name, value) -> {
                long started = System.nanoTime();
                Answer answer = write.send().apply(write.body().replace("%s", value));
                Duration took = Duration.ofNanos(System.nanoTime() - started);
                String shown = write.name() + " with " + name;
                assertThat(took).as(shown).isLessThan(ANSWER_TIME_MAX);
                assertThat(answer.status()).as(shown + ": " + answer.body()).isBetween(400, 499);
                write.family().accept(answer.json());
            });
        }
        assertThat(Heap.usedAfterCollection() - heapBefore).isLessThan(HEAP_GROWTH_MAX_BYTES);
    }

    @Test
    void givenListsLongerThanTheirMaximum_whenSent_thenRefusedInTheFamilysEnvelope() {
        Partner partner = Partner.create();
        Map<String, String> tooLong = Map.of(
                "/collection-documents/upsert", "{\"source\":\"acme-erp\",\"externalDocumentId\":\"D-1\","
                        + "\"customerExternalId\":\"C-1\",\"customer\":{\"type\":\"business\",\"name\":\"Cliente\"},"
                        + "\"currency\":\"USD\",\"lines\":" + repeated("{\"quantity\":1,\"unitAmountMinor\":1,\"amountMinor\":1}", 15_000) + "}",
                "/verified-payments", "{\"source\":\"acme-erp\",\"externalPaymentId\":\"P-1\",\"customerExternalId\":\"C-1\","
                        + "\"amountMinor\":20000,\"currency\":\"USD\",\"verifiedAt\":\"2026-11-22T10:00:00Z\",\"documents\":"
                        + repeated("{\"externalDocumentId\":\"D-1\",\"amountMinor\":1}", 20_000) + "}");
        tooLong.forEach((path, body) -> {
            Response response = partner.post(path, body);
            assertThat(response.statusCode()).as(path + ": " + response.asString()).isEqualTo(400);
            integrationsEnvelope(response.jsonPath());
        });
        partner.get("/collection-documents/D-1").then().statusCode(404);
        partner.get("/payments/P-1").then().statusCode(404);
    }

    @Test
    void givenPageSizesOverTheMaximum_whenListing_thenEveryListRefusesThem() {
        Tenants.Company company = Tenants.company();
        Tenants.Key invoices = Invoices.liveKey(company);
        Tenants.Key shop = company.key("shop", List.of("payments:read"), "shop");
        Tenants.Key messaging = company.createKey(Map.of("name", "messaging", "permissions", List.of("whatsapp_events:read")));
        Partner partner = Partner.create();
        for (String size : List.of("101", "1000000", "2147483648", "99999999999999999999", "1e2", "-1")) {
            Response publicList = given().auth().oauth2(invoices.secret()).queryParam("per_page", size).get("/v1/invoices");
            assertThat(publicList.statusCode()).as("per_page=" + size).isEqualTo(422);
            publicEnvelope(publicList.jsonPath());
            Response events = given().auth().oauth2(messaging.secret()).queryParam("limit", size).get("/v1/whatsapp/events");
            assertThat(events.statusCode()).as("events limit=" + size).isEqualTo(422);
            Response external = given().header("X-API-Key", shop.secret()).queryParam("limit", size).get("/external/payments");
            assertThat(external.statusCode()).as("external limit=" + size).isEqualTo(400);
            statusEnvelope(external.jsonPath());
            for (String list : List.of("/customers", "/collection-documents", "/payments")) {
                Response integrations = partner.get(list, "limit=" + size);
                assertThat(integrations.statusCode()).as(list + " limit=" + size).isEqualTo(400);
                integrationsEnvelope(integrations.jsonPath());
            }
        }
    }

    @Test
    void givenChunkedBodiesOverTheCap_whenSentToExternalPaymentsAndCheckout_thenTheStatusEnvelope413() {
        Tenants.Company company = Tenants.company();
        Tenants.Key shop = company.key("shop", List.of("payments:create", "checkout:write"), "shop");
        String checkoutToken = given().header("X-API-Key", shop.secret()).post("/checkout/token")
                .then().statusCode(200).extract().path("accessToken");
        byte[] body = ("{\"amountMinor\":100,\"currency\":\"USD\",\"metadata\":{\"filler\":[" + "0,".repeat(750_000)
                + "0]}}").getBytes(StandardCharsets.UTF_8);
        Map<String, Map<String, String>> targets = Map.of(
                "/external/payments", Map.of("X-API-Key", shop.secret(), "Idempotency-Key", UUID.randomUUID().toString(),
                        "Content-Type", "application/json"),
                "/checkout/product", Map.of("Authorization", "Bearer " + checkoutToken, "Content-Type", "application/json"));
        targets.forEach((path, headers) -> {
            RawHttp.Reply reply = RawHttp.chunked("POST", path, headers, body);
            assertThat(reply.status()).as(path).isEqualTo(413);
            assertThat(reply.json().getMap("")).containsOnlyKeys("statusCode", "message", "error", "timestamp", "path");
            assertThat(reply.json().getInt("statusCode")).isEqualTo(413);
        });
    }

    /** A JSON array of {@code count} copies of one element. */
    private static String repeated(String element, int count) {
        return "[" + String.join(",", Collections.nCopies(count, element)) + "]";
    }
}

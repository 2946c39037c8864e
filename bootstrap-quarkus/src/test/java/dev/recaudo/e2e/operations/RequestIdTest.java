package dev.recaudo.e2e.operations;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;

import io.quarkus.test.junit.QuarkusTest;
import java.util.UUID;
import org.junit.jupiter.api.Test;

@QuarkusTest
class RequestIdTest {

    @Test
    void givenSaneRequestId_whenCalling_thenEchoedOnSuccessAndError() {
        String id = "partner-" + UUID.randomUUID();
        assertThat(given().header("X-Request-Id", id).get("/q/openapi").header("X-Request-Id")).isEqualTo(id);
        assertThat(given().header("X-Request-Id", id).get("/v1/invoices").header("X-Request-Id")).isEqualTo(id);
        assertThat(given().header("X-Request-Id", id).get("/nowhere").header("X-Request-Id")).isEqualTo(id);
    }

    @Test
    void givenNoOrInsaneRequestId_whenCalling_thenFreshOneIssued() {
        String fresh = given().get("/v1/invoices").header("X-Request-Id");
        assertThat(fresh).matches("[0-9a-f-]{36}");
        String replaced = given().header("X-Request-Id", "bad id with spaces <script>").get("/v1/invoices").header("X-Request-Id");
        assertThat(replaced).matches("[0-9a-f-]{36}");
        String tooLong = given().header("X-Request-Id", "x".repeat(200)).get("/v1/invoices").header("X-Request-Id");
        assertThat(tooLong).hasSize(36);
    }
}

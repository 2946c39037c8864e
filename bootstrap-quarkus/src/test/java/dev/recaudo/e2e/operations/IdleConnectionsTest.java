package dev.recaudo.e2e.operations;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;

import dev.recaudo.e2e.support.IdleSockets;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.QuarkusTestProfile;
import io.quarkus.test.junit.TestProfile;
import io.restassured.RestAssured;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Thousands of connections that send nothing do not starve the health check, and the server closes
 * a connection left idle past {@code quarkus.http.idle-timeout} (shortened here so the test need
 * not wait the production value). The same check runs against two packaged instances in
 * {@code NoisyNeighboursIT}.
 */
@QuarkusTest
@TestProfile(IdleConnectionsTest.ShortIdleTimeout.class)
class IdleConnectionsTest {

    private static final int IDLE_CONNECTIONS = 2_000;
    private static final Duration IDLE_TIMEOUT = Duration.ofSeconds(6);
    private static final Duration HEALTH_ANSWER_MAX = Duration.ofSeconds(1);

    public static class ShortIdleTimeout implements QuarkusTestProfile {
        @Override
        public Map<String, String> getConfigOverrides() {
            return Map.of("quarkus.http.idle-timeout", IDLE_TIMEOUT.toSeconds() + "s");
        }
    }

    @Test
    void givenThousandsOfIdleConnections_whenTheHealthCheckIsAsked_thenItAnswersAtOnceAndTheIdleOnesAreClosed()
            throws Exception {
        IdleSockets.assertDescriptorsFor(IDLE_CONNECTIONS);
        // Once before, so that what is timed is the idle sockets' effect, not the first call's set-up.
        given().get("/q/health/ready").then().statusCode(200);
        try (IdleSockets idle = IdleSockets.open("127.0.0.1", RestAssured.port, IDLE_CONNECTIONS)) {
            long openedAt = System.nanoTime();
            for (int i = 0; i < 20; i++) {
                long started = System.nanoTime();
                given().get("/q/health/ready").then().statusCode(200);
                assertThat(Duration.ofNanos(System.nanoTime() - started)).isLessThan(HEALTH_ANSWER_MAX);
            }
            assertThat(Duration.ofNanos(System.nanoTime() - openedAt)).as("asked before the idle timeout")
                    .isLessThan(IDLE_TIMEOUT);

            long deadline = System.nanoTime() + IDLE_TIMEOUT.plusSeconds(20).toNanos();
            assertThat(idle.stillOpenAt(deadline)).as("idle connections the server did not close").isZero();
        }
    }
}

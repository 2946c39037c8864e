package dev.recaudo.e2e.operations;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;

import com.sun.management.UnixOperatingSystemMXBean;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.QuarkusTestProfile;
import io.quarkus.test.junit.TestProfile;
import io.restassured.RestAssured;
import java.io.IOException;
import java.io.InputStream;
import java.lang.management.ManagementFactory;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Thousands of connections that send nothing do not starve the health check, and the server closes
 * a connection left idle past {@code quarkus.http.idle-timeout} (shortened here so the test need
 * not wait the production value). The test holds both ends of every connection, two descriptors
 * each; the JVM raises its soft descriptor limit to the hard one at start, so the shell's
 * {@code ulimit -n} (hard) must allow it, which the first assertion says plainly when it does not.
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
        long descriptors = ((UnixOperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean())
                .getMaxFileDescriptorCount();
        assertThat(descriptors).as("ulimit -n (hard) must allow two descriptors per idle connection and some")
                .isGreaterThan(2L * IDLE_CONNECTIONS + 1_000);

        // Once before, so that what is timed is the idle sockets' effect, not the first call's set-up.
        given().get("/q/health/ready").then().statusCode(200);
        List<Socket> idle = new ArrayList<>();
        try {
            for (int i = 0; i < IDLE_CONNECTIONS; i++) {
                Socket socket = new Socket();
                socket.connect(new InetSocketAddress("127.0.0.1", RestAssured.port), 5_000);
                idle.add(socket);
            }
            long openedAt = System.nanoTime();
            for (int i = 0; i < 20; i++) {
                long started = System.nanoTime();
                given().get("/q/health/ready").then().statusCode(200);
                assertThat(Duration.ofNanos(System.nanoTime() - started)).isLessThan(HEALTH_ANSWER_MAX);
            }
            assertThat(Duration.ofNanos(System.nanoTime() - openedAt)).as("asked before the idle timeout")
                    .isLessThan(IDLE_TIMEOUT);

            long deadline = System.nanoTime() + IDLE_TIMEOUT.plusSeconds(20).toNanos();
            for (Socket socket : idle) {
                assertThat(closedByServer(socket, deadline)).as("an idle connection is closed by the server").isTrue();
            }
        } finally {
            for (Socket socket : idle) {
                socket.close();
            }
        }
    }

    /** Waits until the deadline for the server to close the connection: a read then ends the stream. */
    private static boolean closedByServer(Socket socket, long deadlineNanos) throws IOException {
        InputStream in = socket.getInputStream();
        long left = Duration.ofNanos(deadlineNanos - System.nanoTime()).toMillis();
        socket.setSoTimeout((int) Math.max(1, left));
        try {
            return in.read() == -1;
        } catch (SocketTimeoutException e) {
            return false;
        } catch (IOException reset) {
            return true;
        }
    }
}

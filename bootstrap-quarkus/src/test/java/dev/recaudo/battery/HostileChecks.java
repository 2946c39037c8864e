package dev.recaudo.battery;

import static org.assertj.core.api.Assertions.assertThat;

import dev.recaudo.battery.BatteryClient.Answer;
import dev.recaudo.battery.BatteryClient.Call;
import dev.recaudo.e2e.support.ServiceUnderTest;
import dev.recaudo.e2e.support.Tenants;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;

/**
 * The fixture of the hostile battery tests: the end-to-end checks of the access and input families
 * ({@code *Checks} in {@code dev.recaudo.e2e}), nested in a subclass, run unchanged against two
 * instances sharing one database, every request going to the next instance in turn
 * ({@link ServiceUnderTest#alternate}). After each check, both instances must have served some of
 * its requests (their own request counters in {@code /q/metrics} say so) and I1-I4 must hold.
 */
abstract class HostileChecks {

    /**
     * The settings the checks were written against ({@code %test} in application.properties) that
     * differ from a production start: the operator token of {@link Tenants}, a cheap password hash,
     * loopback webhook targets allowed, and background work polled often. Both instances also get
     * one public address, as behind a load balancer: with each its own port (the battery's default),
     * the payment links in answers would tell which instance served a read.
     */
    static final Map<String, String> ENVIRONMENT = Map.of(
            "RECAUDO_PUBLIC_BASE_URL", "https://pay.recaudo.test",
            "RECAUDO_OPERATOR_TOKEN", Tenants.OPERATOR_TOKEN,
            "RECAUDO_ADMIN_PASSWORD_HASH_COST", "4",
            "RECAUDO_WEBHOOKS_ALLOW_PRIVATE_TARGETS", "true",
            "RECAUDO_WEBHOOKS_DISPATCH_INTERVAL", "200ms",
            "RECAUDO_JOBS_POLL_INTERVAL", "300ms");
    /** One count line of the HTTP server metric: its labels and its value. */
    private static final Pattern REQUESTS = Pattern.compile("(?m)^http_server_requests_seconds_count\\{([^}]*)} ([0-9.E]+)$");

    static Battery battery;
    private long[] servedBefore;
    private long[] sentBefore;

    @BeforeAll
    static void alternateBetweenTwoInstances() throws Exception {
        battery = Battery.shared(ENVIRONMENT);
        ServiceUnderTest.alternate(List.of(battery.instance(0).baseUri(), battery.instance(1).baseUri()),
                battery.database().jdbcUrl(), HostileChecks::heapUsedAfterCollection);
    }

    @AfterAll
    static void backToTheInProcessInstance() {
        ServiceUnderTest.reset();
    }

    @BeforeEach
    void countRequests() {
        servedBefore = served();
        sentBefore = ServiceUnderTest.requestsPerInstance();
    }

    @AfterEach
    void bothInstancesServedAndTheInvariantsHold() throws Exception {
        long[] sent = ServiceUnderTest.requestsPerInstance();
        long[] served = served();
        if (sent[0] + sent[1] - sentBefore[0] - sentBefore[1] > 1) {
            for (int i = 0; i < served.length; i++) {
                assertThat(served[i]).as("requests instance %d served during the check", i).isGreaterThan(servedBefore[i]);
            }
        }
        battery.assertInvariants();
    }

    /** The API requests each instance has served so far, by its own metric (the service's {@code /q/} endpoints left out). */
    private static long[] served() {
        long[] served = new long[2];
        for (int i = 0; i < served.length; i++) {
            try {
                Answer metrics = battery.client().sendTo(i, Call.get("/q/metrics"));
                assertThat(metrics.status()).as("metrics of instance %d", i).isEqualTo(200);
                Matcher line = REQUESTS.matcher(metrics.body());
                while (line.find()) {
                    if (!line.group(1).contains("uri=\"/q/")) {
                        served[i] += (long) Double.parseDouble(line.group(2));
                    }
                }
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException(e);
            }
        }
        return served;
    }

    /** The two instances' heaps together, each read with jcmd after a full collection. */
    private static long heapUsedAfterCollection() {
        try {
            return battery.instance(0).heapUsedAfterCollection() + battery.instance(1).heapUsedAfterCollection();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }
}

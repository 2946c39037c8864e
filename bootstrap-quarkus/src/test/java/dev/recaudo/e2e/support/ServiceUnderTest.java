package dev.recaudo.e2e.support;

import io.restassured.RestAssured;
import io.restassured.filter.Filter;
import io.restassured.filter.FilterContext;
import io.restassured.response.Response;
import io.restassured.specification.FilterableRequestSpecification;
import io.restassured.specification.FilterableResponseSpecification;
import java.net.URI;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicLongArray;
import java.util.function.LongSupplier;

/**
 * Where the end-to-end support classes send their requests and read their rows. By default the
 * {@code @QuarkusTest} instance (RestAssured's port, set by Quarkus) and the run's fresh database
 * ({@link PostgresTestDatabase}); a battery test calls {@link #alternate} instead, so that the very
 * same scenarios run against two packaged instances sharing one database, every request going to
 * the next instance in turn. The instances' heap is read through {@link #heapUsedBytes()}, which
 * the battery points at its processes.
 */
public final class ServiceUnderTest {

    private static volatile Alternation alternation;
    private static volatile LongSupplier heapUsedBytes = Heap::usedAfterCollection;

    private ServiceUnderTest() {}

    /**
     * From now on every RestAssured request and every {@link #nextPort()} goes to the next of
     * {@code instances} in turn, and {@link #connect()} opens {@code jdbcUrl}; {@code heapUsed} reads
     * the instances' heap. Until {@link #reset()}.
     */
    public static synchronized void alternate(List<URI> instances, String jdbcUrl, LongSupplier heapUsed) {
        Alternation installed = new Alternation(List.copyOf(instances), jdbcUrl);
        RestAssured.reset();
        RestAssured.baseURI = "http://127.0.0.1";
        RestAssured.filters(installed);
        alternation = installed;
        heapUsedBytes = heapUsed;
    }

    /** Back to the {@code @QuarkusTest} instance and database. */
    public static synchronized void reset() {
        RestAssured.reset();
        alternation = null;
        heapUsedBytes = Heap::usedAfterCollection;
    }

    /** The port of the instance the next request goes to, for clients other than RestAssured. */
    public static int nextPort() {
        Alternation current = alternation;
        return current == null ? RestAssured.port : current.next().getPort();
    }

    /** A direct connection to the service's database, for checks and for tests that prepare rows. */
    public static Connection connect() throws SQLException {
        Alternation current = alternation;
        String url = current == null ? PostgresTestDatabase.jdbcUrl() : current.jdbcUrl;
        return DriverManager.getConnection(url, PostgresTestDatabase.USER, PostgresTestDatabase.PASSWORD);
    }

    /**
     * Requests sent to each instance so far ({@code alternate}'s order), so that a battery test can
     * show that both instances answered; one element for the {@code @QuarkusTest} instance, which counts nothing.
     */
    public static long[] requestsPerInstance() {
        Alternation current = alternation;
        if (current == null) {
            return new long[1];
        }
        long[] counts = new long[current.instances.size()];
        for (int i = 0; i < counts.length; i++) {
            counts[i] = current.sent.get(i);
        }
        return counts;
    }

    /**
     * The heap in use by the service, after a full collection so that garbage does not count: this
     * JVM's for the {@code @QuarkusTest} instance, the sum over the instances for a battery.
     */
    public static long heapUsedBytes() {
        return heapUsedBytes.getAsLong();
    }

    /** The round robin: a RestAssured filter that sends each request to the next instance's port. */
    private static final class Alternation implements Filter {

        private final List<URI> instances;
        private final String jdbcUrl;
        private final AtomicLong next = new AtomicLong();
        private final AtomicLongArray sent;

        Alternation(List<URI> instances, String jdbcUrl) {
            this.instances = instances;
            this.jdbcUrl = jdbcUrl;
            this.sent = new AtomicLongArray(instances.size());
        }

        URI next() {
            int index = (int) (next.getAndIncrement() % instances.size());
            sent.incrementAndGet(index);
            return instances.get(index);
        }

        @Override
        public Response filter(FilterableRequestSpecification request, FilterableResponseSpecification response,
                FilterContext context) {
            URI instance = next();
            request.baseUri(instance.getScheme() + "://" + instance.getHost()).port(instance.getPort());
            return context.next(request, response);
        }
    }
}
